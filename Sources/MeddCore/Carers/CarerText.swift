/// A carer's message in words: a title and a body, put into the carer's language where it is sent.
/// Without the carer's `details` no medication's name or ID is in them (a dose is "the 08:00 dose"), nor
/// in the message's `reference`.
public struct CarerText: Sendable {
    public let message: CarerMessage
    public let carer: Carer
    private let zone: ZoneRules
    private let formats: LocaleFormats

    public init(_ message: CarerMessage, carer: Carer, zone: ZoneRules, formats: LocaleFormats) {
        self.message = message
        self.carer = carer
        self.zone = zone
        self.formats = formats
    }

    public var title: Translatable {
        switch message.kind {
        // TRANSLATORS: the title of a carer's message: a dose is still not taken some time after it was due.
        case .overdue: Translatable("A dose is still open")
        // TRANSLATORS: the title of a carer's message: a dose was not taken within its grace period.
        case .missed: Translatable("A dose was missed")
        // TRANSLATORS: the title of a carer's message: a dose told of as open or missed has been answered.
        case .allClear: Translatable("All clear")
        // TRANSLATORS: the title of a carer's daily summary: %1$s is the date.
        case .summary: Translatable("Doses of %1$s", message.day.map(formats.date) ?? "")
        // TRANSLATORS: the title of the message `medctl carers test` sends.
        case .test: Translatable("Test message from medd")
        }
    }

    public var body: Translatable {
        let text: Translatable
        switch message.kind {
        case .overdue:
            let open = TimeSpan(seconds: max(0, message.createdAt.usec - (message.dose?.due.usec ?? 0)) / 60_000_000 * 60)
            // TRANSLATORS: a carer's message: %1$s is the dose ("The 08:00 dose for Mum"), %2$s how long ago it was due ("1h").
            text = Translatable("%1$s is still open %2$s after it was due.", dosePhrase, open.description)
        case .missed:
            // TRANSLATORS: a carer's message: %1$s is the dose ("The 08:00 dose for Mum").
            text = Translatable("%1$s was missed: nobody answered it in time.", dosePhrase)
        case .allClear:
            let at = message.dose?.answeredAt.map(time) ?? ""
            text = message.dose?.answer == .skipped
                // TRANSLATORS: a carer's message after one that said a dose was open or missed: %1$s is the dose, %2$s when it was skipped.
                ? Translatable("%1$s was skipped at %2$s.", dosePhrase, at)
                // TRANSLATORS: a carer's message after one that said a dose was open or missed: %1$s is the dose, %2$s when it was taken.
                : Translatable("%1$s was taken at %2$s.", dosePhrase, at)
        case .summary:
            text = summary
        case .test:
            // TRANSLATORS: the body of the message `medctl carers test` sends: %1$s is the carer's name.
            text = Translatable("This is a test message from medd for %1$s. If you read it, medd's messages reach you.", carer.name ?? carer.id)
        }
        guard message.isLate else { return text }
        // TRANSLATORS: after a carer's message that could not be sent when it happened: %1$s is the message, %2$s when it happened (a date and time).
        return Translatable("%1$s (This is late: it happened at %2$s, when medd-sync could not send it.)", text, dateTime(message.eventAt))
    }

    /// `The 08:00 dose for Mum`; with `details`: `Metformin 500 mg for Mum, due at 08:00`.
    private var dosePhrase: Translatable {
        // TRANSLATORS: a dose in a carer's message when nothing more is known of it.
        guard let dose = message.dose else { return Translatable("A dose") }
        let due = time(dose.due)
        switch (carer.details, dose.person) {
        // TRANSLATORS: a dose in a carer's message, named: %1$s the medication and its dose, %2$s the person, %3$s its due time.
        case (true, let person?): return Translatable("%1$s for %2$s, due at %3$s", dose.name, person, due)
        // TRANSLATORS: a dose in a carer's message, named: %1$s the medication and its dose, %2$s its due time.
        case (true, nil): return Translatable("%1$s, due at %2$s", dose.name, due)
        // TRANSLATORS: a dose in a carer's message, not named: %1$s its due time, %2$s the person.
        case (false, let person?): return Translatable("The %1$s dose for %2$s", due, person)
        // TRANSLATORS: a dose in a carer's message, not named: %1$s its due time.
        case (false, nil): return Translatable("The %1$s dose", due)
        }
    }

    /// A line per person, then a line saying medd runs.
    private var summary: Translatable {
        let lines = message.counts.keys.sorted().map { person -> Translatable in
            let counts = message.counts[person]!
            // TRANSLATORS: a line of a carer's daily summary: %1$d doses taken, %2$d of them late, %3$d skipped, %4$d missed, %5$d still open.
            let line = Translatable("%1$d taken (%2$d late), %3$d skipped, %4$d missed, %5$d open", String(counts.taken), String(counts.late),
                                    String(counts.skipped), String(counts.missed), String(counts.open))
            // TRANSLATORS: a person's line of a carer's daily summary: %1$s the person, %2$s their counts.
            return person.isEmpty ? line : Translatable("%1$s: %2$s", person, line)
        }
        // TRANSLATORS: a carer's daily summary when no dose was due that day.
        var text = lines.first ?? Translatable("No dose was due today.")
        // TRANSLATORS: two lines of a carer's message, one under the other; keep the line break (\n).
        for line in lines.dropFirst() { text = Translatable("%1$s\n%2$s", text, line) }
        // TRANSLATORS: the end of a carer's daily summary; it also tells that medd runs.
        return Translatable("%1$s\n%2$s", text, Translatable("medd is running and will send this summary again tomorrow."))
    }

    /// `08:00`, in the carer's formats.
    private func time(_ instant: Instant) -> String { formats.time(zone.local(instant).time) }

    private func dateTime(_ instant: Instant) -> String {
        let local = zone.local(instant)
        return formats.dateTime(local.date, local.time)
    }

    /// An opaque reference to the message, the same each time it is sent (a mail's `Message-ID`, ntfy's
    /// sequence), from which no medication can be read: two FNV-1a hashes of its ID.
    public static func reference(of message: CarerMessage) -> String {
        var first: UInt64 = 0xCBF2_9CE4_8422_2325
        var second: UInt64 = 0x8422_2325_CBF2_9CE4
        for byte in message.id.utf8 {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            second = (second &* 0x0000_0100_0000_01B3) ^ UInt64(byte)
        }
        return hex(first) + hex(second)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = Array("0123456789abcdef")
        return String((0..<16).reversed().map { digits[Int(value >> (UInt64($0) * 4) & 15)] })
    }
}
