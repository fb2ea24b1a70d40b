/// A command line medctl cannot act on: printed with a pointer to the help, exit status 2.
struct UsageError: Error, Equatable {
    let message: String
    /// The verb whose help explains it, nil for medctl's own.
    var verb: String?

    init(_ message: String, verb: String? = nil) {
        self.message = message
        self.verb = verb
    }
}

/// Ends medctl with this status; what there was to say has been printed.
struct ExitStatus: Error {
    let code: Int32

    static let failure = ExitStatus(code: 1)
}
