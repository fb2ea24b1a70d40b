import MeddCommandLine
import MeddControl
import MeddCore

/// `medctl reload`: the daemon re-reads its configuration.
struct ReloadCommand: Verb {
    static let name = "reload"
    static var abstract: String { tr("Ask the daemon to re-read its configuration.") }
    static var discussion: String {
        tr("""
            A configuration with errors is refused (exit 1, every error printed) and the daemon \
            keeps the previous one. --json prints {"medications", "planned"}.
            """)
    }

    let global: GlobalOptions

    init(_ arguments: ParsedArguments, global: GlobalOptions) {
        self.global = global
    }

    func run() throws {
        let reply = try global.connect().call("Reload")
        if global.json { return Output.json(.object(reply)) }
        Output.line(Self.summary(reply))
    }

    /// `reloaded: 3 medications, 42 doses planned over the horizon`.
    static func summary(_ reply: [String: JSONValue]) -> String {
        let medications = reply["medications"]?.intValue ?? 0
        let planned = reply["planned"]?.intValue ?? 0
        // TRANSLATORS: %1$s is "%1$d medications", %2$s "%1$d doses planned over the horizon".
        return tr("reloaded: %1$s, %2$s", trn("%1$d medication", "%1$d medications", count: medications, String(medications)),
                  trn("%1$d dose planned over the horizon", "%1$d doses planned over the horizon", count: planned, String(planned)))
    }
}
