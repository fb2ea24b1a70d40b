import ArgumentParser

/// `medctl meds`: being written (issue 7).
struct MedsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "meds", abstract: "Not written yet.")

    @OptionGroup var global: GlobalOptions

    func run() throws {
        throw ValidationError("medctl meds is not written yet")
    }
}
