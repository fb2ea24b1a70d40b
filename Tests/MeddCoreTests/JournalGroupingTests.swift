import PropertyBased
import Testing
@testable import MeddCore

/// Final answers chosen from journal entries per machine and user, without a journal: entries as
/// the field dictionaries medd writes, with the trusted fields journald adds.
@Suite struct JournalGroupingTests {
    static let laptop = JournalOrigin(hostname: "laptop", machineID: "11111111111111111111111111111111", uid: 1000)
    static let desktop = JournalOrigin(hostname: "desktop", machineID: "22222222222222222222222222222222", uid: 1000)
    static let desktopGuest = JournalOrigin(hostname: "desktop", machineID: "22222222222222222222222222222222", uid: 1001)
    static let due = Instant(seconds: 1_795_330_800) // 2026-11-22T08:00:00+01:00

    static func dose(_ medication: String = "metformin", day: Int = 22, hour: Int = 8) -> Dose {
        let id = DoseID(parsing: "\(medication)_202611\(day)_\(hour < 10 ? "0" : "")\(hour)_00")!
        return Dose(id: id, name: "Name of \(medication)", doseText: "1", scheduled: due + .days(Int64(day - 22)) + .hours(Int64(hour - 8)),
                    utcOffset: 3600)
    }

    static func entry(_ kind: EventKind, _ dose: Dose, at minutes: Int64 = 5, on origin: JournalOrigin,
                      person: String? = nil, note: String? = nil) -> [String: String] {
        let event = DoseEvent(kind: kind, dose: dose, at: dose.scheduled + .minutes(minutes), source: .cli, note: note)
        var fields = Dictionary(event.journalFields(person: person.map { Person(id: $0) }), uniquingKeysWith: { first, _ in first })
        fields["_HOSTNAME"] = origin.hostname
        fields["_MACHINE_ID"] = origin.machineID
        fields["_UID"] = origin.uid.map(String.init)
        return fields
    }

    static func grouped(_ entries: [[String: String]], scope: JournalGrouping.Scope = .byOrigin, person: String? = nil,
                        since: Instant? = nil, until: Instant? = nil) -> JournalGrouping {
        var grouping = JournalGrouping(since: since, until: until, person: person, scope: scope)
        entries.forEach { grouping.add(journalFields: $0) }
        return grouping
    }

    /// The same dose ID answered on two machines is two doses: neither answer replaces the other,
    /// whatever order the journal interleaves them in.
    @Test func theSameDoseOnTwoMachinesIsTwoDoses() {
        let dose = Self.dose()
        for entries in [
            [Self.entry(.taken, dose, on: Self.laptop), Self.entry(.skipped, dose, at: 30, on: Self.desktop)],
            [Self.entry(.skipped, dose, at: 30, on: Self.desktop), Self.entry(.taken, dose, on: Self.laptop)],
        ] {
            let groups = Self.grouped(entries).groups
            #expect(groups.map(\.origin) == [Self.desktop, Self.laptop], "sorted by host name")
            #expect(groups.map { $0.answers.map(\.event.kind) } == [[.skipped], [.taken]])
            #expect(groups[0].report.total == AdherenceCounts(skipped: 1))
            #expect(groups[1].report.total == AdherenceCounts(onTime: 1))
            #expect(Adherence.report(finals: groups.flatMap(\.finals)).total == AdherenceCounts(onTime: 1, skipped: 1))
        }
    }

    /// A machine renamed midway is one ledger: a skip written as "laptop" is replaced by the taken written
    /// as "notebook", and the group shows its latest name. Entries without a machine ID go by host name.
    @Test func aRenamedMachineIsOneGroupUnderItsLatestName() {
        let dose = Self.dose()
        var renamed = Self.laptop
        renamed.hostname = "notebook"
        let groups = Self.grouped([Self.entry(.skipped, dose, on: Self.laptop), Self.entry(.taken, dose, at: 40, on: renamed)]).groups
        #expect(groups.map(\.origin) == [renamed])
        #expect(groups.map { $0.answers.map(\.event.kind) } == [[.taken]])
        let anonymous = JournalOrigin(hostname: "old", machineID: nil, uid: 1000)
        let other = JournalOrigin(hostname: "new", machineID: nil, uid: 1000)
        let byName = Self.grouped([Self.entry(.skipped, dose, on: anonymous), Self.entry(.taken, dose, on: other)]).groups
        #expect(byName.map(\.origin) == [other, anonymous], "without machine IDs, two host names are two machines")
    }

    /// One machine, two users: two groups, as two ledgers.
    @Test func twoUsersOfOneMachineAreTwoGroups() {
        let dose = Self.dose()
        let groups = Self.grouped([Self.entry(.taken, dose, on: Self.desktop), Self.entry(.missed, dose, at: 120, on: Self.desktopGuest)]).groups
        #expect(groups.map(\.origin) == [Self.desktop, Self.desktopGuest])
        #expect(groups.map { $0.answers.map(\.event.kind) } == [[.taken], [.missed]])
    }

    /// Within a group the last recorded answer wins, even when a later answer is backdated.
    @Test func withinAGroupTheLastRecordedAnswerWins() {
        let dose = Self.dose()
        let groups = Self.grouped([
            Self.entry(.skipped, dose, at: 30, on: Self.laptop),
            Self.entry(.taken, dose, at: 150, on: Self.desktop),
            Self.entry(.taken, dose, at: 10, on: Self.laptop, note: "backdated"),
        ]).groups
        #expect(groups.first { $0.origin == Self.laptop }?.answers.map(\.event.note) == ["backdated"])
        #expect(groups.first { $0.origin == Self.laptop }?.report.total == AdherenceCounts(onTime: 1))
        #expect(groups.first { $0.origin == Self.desktop }?.report.total == AdherenceCounts(late: 1))
    }

    /// This machine's journal read as one user is one group, as its one ledger, even across a rename;
    /// the group shows the latest name.
    @Test func theLocalJournalIsOneGroupAcrossARename() {
        let dose = Self.dose()
        let renamed = JournalOrigin(hostname: "new-name", machineID: Self.laptop.machineID, uid: 1000)
        let grouping = Self.grouped([Self.entry(.skipped, dose, on: Self.laptop), Self.entry(.taken, dose, at: 20, on: renamed)],
                                    scope: .single)
        #expect(grouping.groups.map(\.origin) == [renamed])
        #expect(grouping.groups.map { $0.answers.map(\.event.kind) } == [[.taken]])
        #expect(Self.grouped([Self.entry(.skipped, dose, on: Self.laptop), Self.entry(.taken, dose, at: 20, on: renamed)])
            .groups.count == 1, "by origin too: the machine ID is the same")
    }

    /// A machine with answers, none in range, is still a group: with no answers.
    @Test func aMachineWithNoAnswerInRangeIsAnEmptyGroup() {
        let groups = Self.grouped([Self.entry(.taken, Self.dose(day: 20), on: Self.laptop), Self.entry(.taken, Self.dose(), on: Self.desktop)],
                                  since: Self.due).groups
        #expect(groups.map(\.origin) == [Self.desktop, Self.laptop])
        #expect(groups.map(\.answers.count) == [1, 0])
    }

    /// Answers, their person and each medication's person come per group; `person` keeps that person's
    /// answers, and the people named are reported whatever the filter.
    @Test func peopleArePerGroupAndFilterAnswers() {
        let entries = [
            Self.entry(.taken, Self.dose("metformin"), on: Self.laptop, person: "mum"),
            Self.entry(.taken, Self.dose("aspirin"), on: Self.laptop, person: "dad"),
            Self.entry(.skipped, Self.dose("metformin"), on: Self.desktop),
        ]
        let all = Self.grouped(entries)
        #expect(all.groups.map(\.people) == [[:], ["metformin": "mum", "aspirin": "dad"]])
        #expect(all.groups[1].answers.map(\.person) == ["dad", "mum"], "aspirin_… sorts before metformin_… at the same time")
        let mum = Self.grouped(entries, person: "mum")
        #expect(mum.groups.map { $0.answers.map(\.event.dose.medication) } == [[], ["metformin"]])
        #expect(mum.entriesRead == 3 && mum.entriesKept == 1 && mum.peopleNamed == ["mum", "dad"])
    }

    /// Entries that are not readable dose events are counted and make no group; entries without the
    /// trusted fields make a group of an unknown origin.
    @Test func unreadableEntriesAreCountedOnly() {
        var broken = Self.entry(.taken, Self.dose(), on: Self.laptop)
        broken["MEDD_SCHEDULED_USEC"] = "not a number"
        var anonymous = Self.entry(.taken, Self.dose(), on: Self.laptop)
        for field in ["_HOSTNAME", "_MACHINE_ID", "_UID"] { anonymous[field] = nil }
        let grouping = Self.grouped([broken, ["MESSAGE": "hello"], anonymous])
        #expect(grouping.entriesRead == 3)
        #expect(grouping.groups.map(\.origin) == [.unknown])
        #expect(JournalOrigin(journalFields: ["_UID": "-1", "_HOSTNAME": "x"]) == JournalOrigin(hostname: "x", machineID: nil, uid: nil))
    }

    /// For random answers on three origins, interleaved at random but each in its own order, each
    /// group holds exactly what `LastFinalAnswers` chooses from that origin's entries alone.
    @Test func eachGroupIsItsOriginAloneHoweverInterleaved() async {
        let origins = [Self.laptop, Self.desktop, Self.desktopGuest]
        let kinds: [EventKind] = [.fired, .snoozed, .taken, .skipped, .missed]
        await propertyCheck(count: 200, input: Gen.int(in: 0...1_000_000).array(of: 1...60)) { script in
            var perOrigin: [JournalOrigin: [[String: String]]] = [:]
            var interleaved: [[String: String]] = []
            for step in script {
                let origin = origins[step % 3]
                let dose = Self.dose(["metformin", "aspirin"][step / 3 % 2], day: 21 + step / 6 % 3, hour: 8 + step / 18 % 2 * 12)
                let entry = Self.entry(kinds[step / 36 % kinds.count], dose, at: Int64(step / 180 % 200), on: origin)
                perOrigin[origin, default: []].append(entry)
                interleaved.append(entry)
            }
            let since = Self.due - .days(1), until = Self.due + .days(1)
            let groups = Self.grouped(interleaved, since: since, until: until).groups
            #expect(groups.map(\.origin) == origins.filter { perOrigin[$0] != nil }.sorted())
            for group in groups {
                var alone = LastFinalAnswers(since: since, until: until)
                perOrigin[group.origin]!.compactMap(DoseEvent.init(journalFields:)).forEach { alone.add($0) }
                #expect(group.answers.map(\.event) == alone.events)
                #expect(group.report == Adherence.report(finals: alone.answers))
            }
        }
    }
}
