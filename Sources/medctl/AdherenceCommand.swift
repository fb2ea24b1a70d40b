import ArgumentParser

/// `medctl adherence`: being written (issue 7).
struct AdherenceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "adherence", abstract: "Not written yet.")

    @OptionGroup var global: GlobalOptions

    func run() throws {
        throw ValidationError("medctl adherence is not written yet")
    }
}
