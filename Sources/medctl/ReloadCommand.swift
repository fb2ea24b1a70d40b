import MeddControl

/// `medctl reload`: the daemon re-reads its configuration.
struct ReloadCommand: Verb {
    static let name = "reload"
    static let abstract = "Ask the daemon to re-read its configuration."
    static let discussion = """
        A configuration with errors is refused (exit 1, every error printed) and the daemon \
        keeps the previous one. --json prints {"medications", "planned"}.
        """

    let global: GlobalOptions

    init(_ arguments: ParsedArguments, global: GlobalOptions) {
        self.global = global
    }

    func run() throws {
        let reply = try global.connect().call("Reload")
        if global.json { return Output.json(.object(reply)) }
        Output.line("reloaded: \(reply["medications"]?.intValue ?? 0) medications, \(reply["planned"]?.intValue ?? 0) doses planned over the horizon")
    }
}
