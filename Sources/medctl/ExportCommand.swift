import ArgumentParser

/// `medctl export`: being written (issue 7).
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export", abstract: "Not written yet.")

    @OptionGroup var global: GlobalOptions

    func run() throws {
        throw ValidationError("medctl export is not written yet")
    }
}
