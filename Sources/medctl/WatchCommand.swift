import ArgumentParser

/// `medctl watch`: being written (issue 7).
struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "watch", abstract: "Not written yet.")

    @OptionGroup var global: GlobalOptions

    func run() throws {
        throw ValidationError("medctl watch is not written yet")
    }
}
