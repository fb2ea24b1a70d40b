import MeddConfig
import MeddCore
import Testing

/// The files under `Fixtures/valid/` load into exactly the configuration they describe.
struct ValidFixtureTests {
    private func load(_ name: String) throws -> Configuration {
        try ConfigLoader.parse(Fixtures.text("valid", name + ".toml"), path: name + ".toml").get()
    }

    private func time(_ text: String) throws -> WallTime { try #require(WallTime(parsing: text)) }
    private func date(_ text: String) throws -> LocalDate { try #require(LocalDate(parsing: text)) }

    /// Every valid fixture parses without diagnostics.
    @Test(arguments: Fixtures.names(in: "valid"))
    func validFixtureParses(name: String) throws {
        let result = ConfigLoader.parse(try Fixtures.text("valid", name + ".toml"), path: name + ".toml")
        if case .failure(let errors) = result { Issue.record("\(name): \(errors)") }
    }

    /// Decimal amounts come out exact; the calendar rules and `remind = false` as written.
    @Test func calendarRulesAndAmounts() throws {
        let configuration = try load("calendar-and-amounts")
        let warfarin = try #require(configuration.medication("warfarin"))
        #expect(warfarin.stock == Quantity(thousandths: 27_250))
        #expect(warfarin.perDose == Quantity(thousandths: 500))
        #expect(warfarin.refillAt == Quantity(thousandths: 5_500))
        #expect(warfarin.timeAmounts[try time("08:00")]?.perDose == Quantity(thousandths: 250))
        #expect(warfarin.steps.first?.amount.perDose == Quantity(thousandths: 125))
        let methotrexate = try #require(configuration.medication("methotrexate"))
        #expect(methotrexate.schedule == .times([try time("09:00")], DayFilter(weekdays: [.mon], everyWeeks: 2)))
        let b12 = try #require(configuration.medication("b12"))
        #expect(b12.schedule == .times([try time("10:00")], DayFilter(everyMonths: 3)))
        let zoledronate = try #require(configuration.medication("zoledronate"))
        #expect(zoledronate.schedule == .times([try time("10:00")], DayFilter(monthdays: [1], everyMonths: 12)))
        #expect(try #require(configuration.medication("vitamin-d")).remind == false)
        #expect(warfarin.remind)
    }

    /// A `person` without a `[person.ID]` table, where others have one, is a warning with the nearest ID; the
    /// configuration stands. Alone (no tables at all), it is no warning.
    @Test func personWithoutTableWarnsWhenOthersHaveOne() throws {
        let text = """
            [medication.a]
            name = "A"
            dose = "1"
            times = ["08:00"]
            person = "mam"

            [medication.b]
            name = "B"
            dose = "1"
            times = ["08:00"]
            person = "grandpa"

            [person.mum]
            name = "Mum"
            [person.dad]
            name = "Dad"
            """
        let (result, warnings) = ConfigLoader.check(text, path: "medd.toml")
        #expect((try? result.get()) != nil)
        #expect(warnings.map(\.description) == [
            #"medd.toml:5:10: warning: medication.a.person: "mam" has no [person.mam] table, though other people have one; did you mean "mum"?"#,
            #"medd.toml:11:10: warning: medication.b.person: "grandpa" has no [person.grandpa] table, though other people have one ("dad", "mum"); add one with their name"#,
        ])
        let alone = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(11).joined(separator: "\n")
        #expect(ConfigLoader.check(alone, path: "medd.toml").warnings.isEmpty)
    }

    /// The reference settings come out with the values written.
    @Test func referenceSettings() throws {
        let settings = try load("reference").settings
        #expect(settings.horizonDays == 14)
        #expect(settings.grace == .hours(2))
        #expect(settings.renotify == .minutes(15))
        #expect(settings.snooze == [.minutes(10), .minutes(30), .minutes(60)])
        #expect(settings.early == .hours(2))
        #expect(settings.timezone == .local)
        #expect(settings.expiryWarning == .days(14))
    }

    /// The fixed-times medication of the reference keeps every optional field.
    @Test func referenceFixedTimesMedication() throws {
        let medication = try #require(try load("reference").medication("metformin"))
        #expect(medication.name == "Metformin")
        #expect(medication.dose == "500 mg")
        let filter = DayFilter(weekdays: [.mon, .wed, .fri], everyDays: 2)
        #expect(medication.schedule == .times([try time("08:00"), try time("20:00")], filter))
        #expect(medication.start == (try date("2026-11-01")))
        #expect(medication.end == (try date("2027-01-31")))
        #expect(medication.timezone == .named("Europe/Berlin"))
        #expect(medication.notes == "with food")
        #expect(medication.paused == false)
        #expect(medication.stock == 60)
        #expect(medication.perDose == 1)
        #expect(medication.refillAt == 10)
        #expect(medication.expires == (try date("2027-03-01")))
    }

    /// A medication names its person by ID, with or without a `[person.ID]` table; an unused table is kept.
    @Test func referencePeople() throws {
        let configuration = try load("reference")
        #expect(configuration.people == ["mum": Person(id: "mum", name: "Mum"), "gran": Person(id: "gran")])
        let metformin = try #require(configuration.medication("metformin"))
        #expect(metformin.person == "mum")
        #expect(configuration.person(of: metformin)?.displayName == "Mum")
        #expect(configuration.person(ofMedication: "pill") == Person(id: "dad"))
        #expect(configuration.person(ofMedication: "pill")?.displayName == "dad")
        #expect(configuration.person(ofMedication: "ibuprofen") == nil)
        #expect(configuration.person(ofMedication: "no-such-medication") == nil)
    }

    /// A cycle maps into the day filter of a times schedule.
    @Test func referenceCycleMedication() throws {
        let medication = try #require(try load("reference").medication("pill"))
        #expect(medication.schedule == .times([try time("21:00")], DayFilter(cycle: Cycle(on: 21, off: 7))))
        #expect(medication.start == (try date("2026-11-01")))
        #expect(medication.end == nil)
        #expect(medication.timezone == nil)
        #expect(medication.stock == nil)
        #expect(medication.expires == nil)
    }

    /// `every` without `from`/`until` covers the whole day, 00:00 to 23:59.
    @Test func referenceIntervalMedication() throws {
        let medication = try #require(try load("reference").medication("antibiotic"))
        #expect(medication.name == "Amoxicillin")
        #expect(medication.schedule == .interval(every: .hours(6), from: try time("00:00"), until: try time("23:59"),
                                                 DayFilter(monthdays: [1, 15, -1])))
        #expect(medication.end == (try date("2026-11-10")))
        #expect(medication.paused == true)
    }

    /// An as-needed medication carries its limits and stock.
    @Test func referenceAsNeededMedication() throws {
        let medication = try #require(try load("reference").medication("ibuprofen"))
        #expect(medication.schedule == .asNeeded(minInterval: .hours(4), maxPerDay: 4))
        #expect(medication.isAsNeeded)
        #expect(medication.stock == 20)
        #expect(medication.perDose == 2)
        #expect(medication.refillAt == nil)
    }

    /// A time with a dose of its own and tapering steps, in date order, each with what it changes.
    @Test func referenceSteppedMedication() throws {
        let medication = try #require(try load("reference").medication("prednisone"))
        #expect(medication.schedule == .times([try time("08:00"), try time("20:00")], DayFilter()))
        #expect(medication.timeAmounts == [try time("20:00"): DoseAmount(dose: "5 mg", perDose: 1)])
        #expect(medication.perDose == 2)
        #expect(medication.steps == [
            DoseStep(from: try date("2026-12-08"), amount: DoseAmount(dose: "5 mg", perDose: 1)),
            DoseStep(from: try date("2026-12-15"), times: [try time("08:00")], timeAmounts: [try time("08:00"): DoseAmount(dose: "2.5 mg")]),
        ])
    }

    /// `after_taken` with its own window.
    @Test func referenceAfterTakenMedication() throws {
        let medication = try #require(try load("reference").medication("paracetamol"))
        #expect(medication.schedule == .afterTaken(interval: .hours(6), from: try time("07:00"), until: try time("23:00"), DayFilter()))
        #expect(medication.isAfterTaken)
    }

    /// The reference hook keeps its argv, events and timeout; medications are sorted by ID.
    @Test func referenceHookAndOrder() throws {
        let configuration = try load("reference")
        #expect(configuration.hooks == [Hook(on: [.fired, .missed], exec: ["/usr/local/bin/my-hook", "--flag"], timeout: TimeSpan(seconds: 10))])
        #expect(configuration.medications.map(\.id) == ["antibiotic", "ibuprofen", "metformin", "paracetamol", "pill", "prednisone"])
    }

    /// The reference `[sync]` table keeps its collection, user and password command; a minimal one gets the defaults.
    @Test func syncTable() throws {
        var expected = SyncSettings(url: try WebURL(parsing: "https://dav.example.org/anna/medication/"))
        expected.username = "anna"
        expected.password = .command(["secret-tool", "lookup", "service", "medd"])
        #expect(try load("reference").sync == expected)
        let minimal = try ConfigLoader.parse("""
            [sync]
            url = "http://127.0.0.1:5232/anna/medication"
            idle_poll = "0"
            ca_file = "/etc/ssl/private-ca.pem"
            """, path: "sync.toml").get().sync
        #expect(minimal?.url.description == "http://127.0.0.1:5232/anna/medication/")
        #expect(minimal?.idlePoll == TimeSpan(seconds: 0))
        #expect(minimal?.poll == TimeSpan(seconds: 30))
        #expect(minimal?.publishAhead == .days(1))
        #expect(minimal?.keep == .days(2))
        #expect(minimal?.caFile == "/etc/ssl/private-ca.pem")
        #expect(minimal?.password == nil)
        #expect(try load("minimal").sync == nil)
    }

    /// The reference carers and `[mail]`: every key of `[carer.anna]` kept, defaults for `[carer.tom]`.
    @Test func carersAndMail() throws {
        let configuration = try load("reference")
        var anna = Carer(id: "anna")
        anna.name = "Anna"
        anna.email = EmailAddress(parsing: "anna@example.org")
        anna.ntfy = Carer.Ntfy(url: try WebURL(parsing: "https://ntfy.example.org/mum-7f3k", directory: false),
                               tokenFile: "/home/mum/.config/medd/ntfy-token")
        anna.command = ["/usr/bin/apprise", "-b", "message"]
        anna.person = "mum"
        anna.summary = WallTime(hour: 21, minute: 0)
        anna.language = "de"
        var tom = Carer(id: "tom")
        tom.ntfy = Carer.Ntfy(url: try WebURL(parsing: "http://127.0.0.1:8080/dad", directory: false))
        #expect(configuration.carers == [anna, tom])
        #expect(tom.after == .hours(1) && !tom.details && tom.person == nil)
        #expect(anna.ntfy?.url.description == "https://ntfy.example.org/mum-7f3k", "an ntfy topic keeps its path as written")
        let mail = try #require(configuration.mail)
        #expect(mail.url.description == "smtps://mail.example.org/" && mail.requiresTLS)
        #expect(mail.from.description == "mum.medd@example.org" && mail.fromName == "medd")
        #expect(mail.username == "mum.medd" && mail.password == .command(["secret-tool", "lookup", "service", "medd-mail"]))
        let local = try ConfigLoader.parse("""
            [mail]
            url = "smtp://127.0.0.1:2525"
            from = "mum.medd@example.org"
            """, path: "mail.toml").get().mail
        #expect(local?.requiresTLS == false && local?.fromName == nil, "plain smtp only to this machine")
        let remote = try ConfigLoader.parse("""
            [mail]
            url = "smtp://mail.example.org:587"
            from = "mum.medd@example.org"
            """, path: "mail.toml").get().mail
        #expect(remote?.requiresTLS == true, "smtp to another host needs STARTTLS")
        #expect(try load("minimal").carers.isEmpty && load("minimal").mail == nil)
    }

    /// An empty file is the default configuration.
    @Test func emptyFileIsDefaults() throws {
        #expect(try load("empty") == Configuration())
    }

    /// The smallest useful file: one medication with one time, defaults everywhere else.
    @Test func minimalFile() throws {
        var expected = Medication(id: "metformin", name: "Metformin", dose: "500 mg", schedule: .times([try time("08:00")], DayFilter()))
        expected.perDose = 1
        #expect(try load("minimal") == Configuration(medications: [expected]))
    }

    /// Inline tables, dotted keys, quoted keys, literal and multi-line strings, date and time literals all map alike.
    @Test func syntaxVariety() throws {
        let configuration = try load("syntax-variety")
        #expect(configuration.settings.renotify == .zero)
        #expect(configuration.settings.snooze == [.minutes(5), .minutes(90), .hours(24)])
        #expect(configuration.settings.timezone == .named("America/New_York"))
        #expect(configuration.settings.early == .zero)

        let drops = try #require(configuration.medication("eye-drops"))
        #expect(drops.schedule == .interval(every: .hours(4), from: try time("08:00"), until: try time("20:00"), DayFilter()))

        let vitamin = try #require(configuration.medication("vitamin-d"))
        #expect(vitamin.name == "Vitamin D3")
        #expect(vitamin.dose == "1000 IU")
        #expect(vitamin.start == (try date("2026-11-01")))
        #expect(vitamin.timezone == .local)
        #expect(vitamin.schedule == .times([try time("09:00")], DayFilter(weekdays: [.sun])))

        let loop = try #require(configuration.medication("loop"))
        #expect(loop.schedule == .times([try time("07:30"), try time("13:00")], DayFilter(cycle: Cycle(on: 5, off: 2))))
        #expect(loop.notes == "Take in the morning,\nnot after 16:00.")

        #expect(configuration.hooks == [Hook(on: [.lowStock], exec: ["/usr/bin/notify-send", "medd", "low stock"])])
    }
}
