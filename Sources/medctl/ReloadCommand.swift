import ArgumentParser
import MeddControl

/// `medctl reload`: the daemon re-reads its configuration.
struct ReloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reload", abstract: "Ask the daemon to re-read its configuration.",
        discussion: """
            A configuration with errors is refused (exit 1, every error printed) and the daemon \
            keeps the previous one. --json prints {"medications", "planned"}.
            """)

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let reply = try global.connect().call("Reload")
        if global.json { return Output.json(.object(reply)) }
        Output.line("reloaded: \(reply["medications"]?.intValue ?? 0) medications, \(reply["planned"]?.intValue ?? 0) doses planned over the horizon")
    }
}
