/// Ends medctl with this status; what there was to say has been printed.
struct ExitStatus: Error {
    let code: Int32

    static let failure = ExitStatus(code: 1)
}
