import ArgumentParser

/// `medctl history`: being written (issue 7).
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "history", abstract: "Not written yet.")

    @OptionGroup var global: GlobalOptions

    func run() throws {
        throw ValidationError("medctl history is not written yet")
    }
}
