/// Why medd itself marked a dose missed. The ledger and the journal (`MEDD_REASON=`) keep the English
/// words, as every release wrote them; the report shows them in the reader's language.
public enum MissedReason: Hashable, Sendable {
    /// Nobody answered it within its grace period.
    case notAnsweredWithinGrace
    /// Its grace period passed while medd was not running.
    case cameDueWhileDown
    /// An `after_taken` dose that came due before the dose before it was answered.
    case cameDueBeforeThePreviousWasAnswered
    /// After a downtime only the latest late dose of a medication is brought up; the earlier ones are
    /// missed in its favour (nil: in favour of a dose due now).
    case supersededAfterDowntime(by: String?)

    private static let supersededPrefix = "superseded by "
    private static let supersededSuffix = " after downtime"
    private static let doseDueNow = "a dose due now"

    /// The words recorded in the ledger and the journal.
    public var recorded: String {
        switch self {
        case .notAnsweredWithinGrace: "not answered within grace"
        case .cameDueWhileDown: "came due while medd was not running"
        case .cameDueBeforeThePreviousWasAnswered: "came due before the dose before it was answered"
        case .supersededAfterDowntime(let newer): Self.supersededPrefix + (newer ?? Self.doseDueNow) + Self.supersededSuffix
        }
    }

    /// The reason medd recorded in these words; nil for any other (a person's own, given with a skip).
    public init?(recorded text: String) {
        for reason in [MissedReason.notAnsweredWithinGrace, .cameDueWhileDown, .cameDueBeforeThePreviousWasAnswered]
        where reason.recorded == text {
            self = reason
            return
        }
        guard text.hasPrefix(Self.supersededPrefix), text.hasSuffix(Self.supersededSuffix),
              text.count > Self.supersededPrefix.count + Self.supersededSuffix.count else { return nil }
        let newer = String(text.dropFirst(Self.supersededPrefix.count).dropLast(Self.supersededSuffix.count))
        self = .supersededAfterDowntime(by: newer == Self.doseDueNow ? nil : newer)
    }

    /// The words for a reader, through the catalogs.
    public var words: Translatable {
        switch self {
        // TRANSLATORS: the reason recorded for a dose medd marked missed: nobody answered it within its grace period.
        case .notAnsweredWithinGrace: Translatable("not answered within grace")
        // TRANSLATORS: the reason recorded for a dose medd marked missed: its grace period passed while medd was not running.
        case .cameDueWhileDown: Translatable("came due while medd was not running")
        // TRANSLATORS: the reason recorded for a dose medd marked missed: a dose that follows the answer to the one before it came due before that answer.
        case .cameDueBeforeThePreviousWasAnswered: Translatable("came due before the dose before it was answered")
        // TRANSLATORS: the reason recorded for a dose medd marked missed after it was not running: a later dose of the medication (%1$s, a dose ID) was brought up instead.
        case .supersededAfterDowntime(let newer?): Translatable("superseded by %1$s after downtime", newer)
        // TRANSLATORS: as "superseded by %1$s after downtime", when the dose brought up instead is one due now.
        case .supersededAfterDowntime(nil): Translatable("superseded by a dose due now after downtime")
        }
    }
}
