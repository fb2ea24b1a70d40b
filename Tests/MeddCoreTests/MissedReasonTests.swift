import MeddCore
import Testing

/// medd's own reasons for a dose it marked missed: the English the ledger and the journal keep, read back.
struct MissedReasonTests {
    static let reasons: [MissedReason] = [
        .notAnsweredWithinGrace, .cameDueWhileDown, .cameDueBeforeThePreviousWasAnswered,
        .supersededAfterDowntime(by: "metformin_20261122_20_00"), .supersededAfterDowntime(by: nil),
    ]

    @Test(arguments: reasons)
    func recordedWordsReadBack(reason: MissedReason) {
        #expect(MissedReason(recorded: reason.recorded) == reason)
    }

    @Test func theWordsEveryReleaseWrote() {
        #expect(Self.reasons.map(\.recorded) == [
            "not answered within grace", "came due while medd was not running", "came due before the dose before it was answered",
            "superseded by metformin_20261122_20_00 after downtime", "superseded by a dose due now after downtime",
        ])
    }

    /// A person's own reason, given with a skip, is none of medd's.
    @Test(arguments: ["felt sick", "superseded by  after", "not answered within grace!", "superseded by after downtime", ""])
    func aPersonsReasonIsNoneOfMedds(text: String) {
        #expect(MissedReason(recorded: text) == nil)
    }
}
