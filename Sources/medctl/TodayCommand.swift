import ArgumentParser

/// `medctl today`: `medctl doses today`.
struct TodayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "today", abstract: "List today's doses and their states (`doses today`).")

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let today = LocalTimeText.today()
        try DosesCommand.list(global: global, from: When(.date(today)), to: When(.date(today.adding(days: 1))), medication: nil)
    }
}
