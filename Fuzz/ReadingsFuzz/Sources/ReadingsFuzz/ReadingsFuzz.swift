// libFuzzer target for the readings parsers and the CSV reader (MeddCore); built by scripts/fuzz-readings.sh, not by
// medd's own package. MEDD_FUZZ_READINGS, which the script sets, says what an input is:
//   values (the default)  the first byte picks the parser (its value modulo 4; the seeds write 0 to 3) and the rest is
//                         read as a reading's value (ReadingValue.parse), a target (MeasurementTarget.parse, then
//                         contains), a reading count (Reading.parseCount) or a recorded reading (Reading(recorded:...));
//   csv                   the whole input is a CSV file (CSVReader.records), as `medctl import` reads one.
// Whatever parses must write back as text that parses to the same thing; a refusal must say why on one line. Bytes that
// are not UTF-8 are repaired with U+FFFD, as a file read with `String(decoding:as:)` would be.
import Glibc
import MeddCore

private enum Selection: String {
    case values, csv
}

private let selection: Selection? = {
    guard let variable = getenv("MEDD_FUZZ_READINGS") else { return .values }
    return Selection(rawValue: String(cString: variable))
}()

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>)
    -> CInt {
    if selection == nil {
        let message = "ReadingsFuzz: MEDD_FUZZ_READINGS must be values or csv\n"
        _ = message.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
        exit(2)
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReadings(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if selection == .csv {
        fuzzCSV(String(decoding: bytes, as: UTF8.self))
        return 0
    }
    guard let selector = bytes.first else { return 0 }
    let rest = bytes.dropFirst()
    switch selector % 4 {
    case 0: fuzzValue(rest)
    case 1: fuzzTarget(rest)
    case 2: fuzzCount(String(decoding: rest, as: UTF8.self))
    default: fuzzRecorded(rest)
    }
    return 0
}

/// `precondition` whose message survives `-O`, so the crash report says which invariant broke.
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}

private func checkRefusal(_ refusal: ReadingValue.Refusal) {
    require(!refusal.description.isEmpty, "a refusal without a message")
    require(!refusal.description.contains(where: \.isNewline), "a refusal on several lines: \(refusal.description)")
}

// MARK: - Values

/// Units that are not the kind's own: another kind's (whose range would be the wrong one), none, and near misses.
private let strayUnits = ["", "mmol/L", "lb", "F", "mg/dL", "kg", "C", "mmHg", "%", "/10", "bpm", "MMOL/L", "units"]

/// Byte 1: the kind (bits 0–2, `MeasurementKind.allCases`), the decimal separator (bit 3: `.` or `,`) and the unit
/// (bits 4–7: the kind's own units first, then `strayUnits`; 15 reads a unit of up to 7 bytes from the input, its
/// length in the next byte). The rest is the text typed.
private func fuzzValue(_ input: ArraySlice<UInt8>) {
    guard let config = input.first else { return }
    var rest = input.dropFirst()
    let kind = MeasurementKind.allCases[Int(config & 7)]
    let separator = config & 8 == 0 ? "." : ","
    let unitChoice = Int(config >> 4)
    let unit: String
    if unitChoice < kind.units.count {
        unit = kind.units[unitChoice]
    } else if unitChoice < 15 {
        unit = strayUnits[(unitChoice - kind.units.count) % strayUnits.count]
    } else {
        guard let length = rest.first else { return }
        rest = rest.dropFirst()
        let count = min(Int(length % 8), rest.count)
        unit = String(decoding: rest.prefix(count), as: UTF8.self)
        rest = rest.dropFirst(count)
    }
    let text = String(decoding: rest, as: UTF8.self)

    let result = ReadingValue.parse(text, kind: kind, unit: unit, decimalSeparator: separator)
    require(ReadingValue.parse(text, kind: kind, unit: unit, decimalSeparator: separator) == result, "the same text read twice gave different results")
    let value: ReadingValue
    switch result {
    case .success(let parsed): value = parsed
    case .failure(let refusal):
        // The unit is printed as given (the configuration has checked it); only a unit on one line keeps the message so.
        if !unit.contains(where: \.isNewline) { checkRefusal(refusal) } else { require(!refusal.description.isEmpty, "a refusal without a message") }
        return
    }
    let context = "\(kind.rawValue) in \(DisplayText.quoted(unit)) with \(DisplayText.quoted(separator)): \(DisplayText.quoted(text)) read as \(value)"

    // What was read is a reading of the kind, inside its ranges.
    switch value {
    case .bloodPressure(let systolic, let diastolic, let pulse):
        require(kind == .bloodPressure, "a blood pressure of another kind: \(context)")
        require(kind.plausibleRange(unit: unit)!.contains(Quantity(units: systolic)), "systolic out of range: \(context)")
        require(MeasurementKind.diastolicRange.contains(diastolic) && diastolic < systolic, "diastolic out of range: \(context)")
        require(pulse.map(MeasurementKind.pulseRange.contains) ?? true, "pulse out of range: \(context)")
    case .amount(let quantity):
        require(kind != .bloodPressure, "a blood pressure read as an amount: \(context)")
        require(kind.plausibleRange(unit: unit)?.contains(quantity) ?? true, "outside the plausible range: \(context)")
        require(!kind.isWhole || quantity.isWhole, "a fraction of a whole kind: \(context)")
        require(Quantity.parse(quantity.description) == .success(quantity), "Quantity does not read its own description: \(context)")
    }

    // As the journal keeps it (`MEDD_VALUE`), and as it is typed again.
    require(ReadingValue.parseRecorded(value.description, kind: kind) == value, "parseRecorded(description) differs: \(context)")
    require(ReadingValue.parse(value.description, kind: kind, unit: unit, decimalSeparator: ".") == .success(value),
            "description does not read back with \".\": \(context)")
    require(ReadingValue.parse(value.formatted(decimalSeparator: separator), kind: kind, unit: unit, decimalSeparator: separator) == .success(value),
            "formatted(\(separator)) does not read back with \(separator): \(context)")
    if kind != .bloodPressure {
        let comma = value.formatted(decimalSeparator: ",")
        require(ReadingValue.parse(comma, kind: kind, unit: unit, decimalSeparator: ",") == .success(value),
                "formatted(\",\") \(DisplayText.quoted(comma)) does not read back with \",\": \(context)")
    }
    switch value {
    case .bloodPressure(let systolic, _, _): require(value.primary == Quantity(units: systolic), "primary is not the systolic value: \(context)")
    case .amount(let quantity): require(value.primary == quantity, "primary is not the amount: \(context)")
    }

    // The reading as journal fields and back.
    let reading = Reading(value: value, unit: unit)
    checkJournalRoundTrip(reading, kind: kind, context: context)
}

// MARK: - Targets

/// Byte 1: the kind (bits 0–2). The rest: the target's text, then after a first line feed a value's, which is read
/// (as recorded) both as a reading of the kind and as one of the other shape, and tried against the target.
private func fuzzTarget(_ input: ArraySlice<UInt8>) {
    guard let config = input.first else { return }
    let kind = MeasurementKind.allCases[Int(config & 7)]
    let rest = input.dropFirst()
    let newline = rest.firstIndex(of: UInt8(ascii: "\n"))
    let text = String(decoding: rest[..<(newline ?? rest.endIndex)], as: UTF8.self)
    let valueText = newline.map { String(decoding: rest[($0 + 1)...], as: UTF8.self) }

    let result = MeasurementTarget.parse(text, kind: kind)
    require(MeasurementTarget.parse(text, kind: kind) == result, "the same target read twice gave different results")
    let target: MeasurementTarget
    switch result {
    case .success(let parsed): target = parsed
    case .failure(let refusal):
        checkRefusal(refusal)
        return
    }
    let context = "\(kind.rawValue): \(DisplayText.quoted(text)) read as \(target)"
    switch target {
    case .bloodPressure(let systolic, let diastolic):
        require(kind == .bloodPressure, "a blood pressure target of another kind: \(context)")
        require(diastolic < systolic, "diastolic bound not below the systolic: \(context)")
    case .range(let low, let high):
        require(kind != .bloodPressure, "a range for blood pressure: \(context)")
        require(low < high, "low end not below the high end: \(context)")
    }
    require(MeasurementTarget.parse(target.description, kind: kind) == .success(target), "description does not read back: \(context)")

    // contains() never traps, whatever the value: one of the kind, one of the other shape, and the extremes.
    var values: [ReadingValue] = [
        .bloodPressure(systolic: 40, diastolic: 20, pulse: nil), .bloodPressure(systolic: 9999, diastolic: 9999, pulse: 9999),
        .amount(.zero), .amount(Quantity.maximum), .amount(-Quantity.maximum), .amount(.smallest),
    ]
    if let valueText {
        for valueKind in [kind, kind == .bloodPressure ? .number : .bloodPressure] {
            if let value = ReadingValue.parseRecorded(valueText, kind: valueKind) { values.append(value) }
        }
    }
    for value in values {
        let inside = target.contains(value)
        require(target.contains(value) == inside, "contains changed its mind: \(context), \(value)")
        // A reading carrying this target says so in its journal fields.
        let reading = Reading(value: value, unit: kind.defaultUnit, target: target)
        require(reading.isOutsideTarget == !inside, "isOutsideTarget is not !contains: \(context), \(value)")
        let fields = Dictionary(uniqueKeysWithValues: reading.journalFields)
        require(fields["MEDD_TARGET"] == target.description && fields["MEDD_IN_TARGET"] == (inside ? "yes" : "no"),
                "journal fields of the target are wrong: \(context), \(value)")
    }
}

// MARK: - Counts

/// The rest is `MEDD_READING`'s text, like `1/2`.
private func fuzzCount(_ text: String) {
    guard let count = Reading.parseCount(text) else { return }
    let context = "\(DisplayText.quoted(text)) read as \(count.number)/\(count.of)"
    require(count.number >= 1, "number below 1: \(context)")
    require(count.of >= 1 && count.of <= Measurement.readingsLimit.upperBound, "of outside 1...\(Measurement.readingsLimit.upperBound): \(context)")
    guard let again = Reading.parseCount("\(count.number)/\(count.of)") else { fatalError("the count written does not read back: \(context)") }
    require(again == count, "the count written reads back as \(again.number)/\(again.of): \(context)")
}

// MARK: - Recorded readings

/// Byte 1: the kind (bits 0–2). The rest, in lines: the value, the unit, the target and the count as recorded (a
/// line that is missing is a field that is missing).
private func fuzzRecorded(_ input: ArraySlice<UInt8>) {
    guard let config = input.first else { return }
    let kind = MeasurementKind.allCases[Int(config & 7)]
    let lines = input.dropFirst().split(separator: UInt8(ascii: "\n"), maxSplits: 3, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    let valueText = lines[0]
    let unit = lines.count > 1 ? lines[1] : ""
    let targetText = lines.count > 2 ? lines[2] : nil
    let countText = lines.count > 3 ? lines[3] : nil

    let reading = Reading(recorded: valueText, unit: unit, target: targetText, count: countText, kind: kind)
    let recorded = ReadingValue.parseRecorded(valueText, kind: kind)
    require((reading == nil) == (recorded == nil), "a reading without a recorded value, or none with one: \(DisplayText.quoted(valueText))")
    guard let reading else { return }
    let context = "\(kind.rawValue): \(lines.map(DisplayText.quoted)) read as \(reading.journalFields)"
    require(reading.value == recorded, "the value is not parseRecorded's: \(context)")
    require(reading.unit == unit, "the unit changed: \(context)")
    require(reading.number >= 1 && (1...Measurement.readingsLimit.upperBound).contains(reading.of), "an impossible count: \(context)")
    let target = targetText.flatMap { try? MeasurementTarget.parse($0, kind: kind).get() }
    require(reading.target == target, "the target is not the one parsed: \(context)")
    checkJournalRoundTrip(reading, kind: kind, context: context)
}

/// A reading's journal fields read back as the same reading, and say whether it is in target as `isOutsideTarget` does.
private func checkJournalRoundTrip(_ reading: Reading, kind: MeasurementKind, context: String) {
    let fields = Dictionary(uniqueKeysWithValues: reading.journalFields)
    let again = Reading(journalFields: fields, kind: kind)
    require(again == reading, "journal fields \(reading.journalFields) read back as \(again.map { "\($0.journalFields)" } ?? "nothing"): \(context)")
    if reading.target != nil {
        require(fields["MEDD_IN_TARGET"] == (reading.isOutsideTarget ? "no" : "yes"), "MEDD_IN_TARGET is wrong: \(context)")
    }
}

// MARK: - CSV

private func fuzzCSV(_ text: String) {
    let result = CSVReader.records(text)
    require(CSVReader.records(text) == result, "the same text read twice gave different results")
    let lineFeeds = text.utf8.count(where: { $0 == UInt8(ascii: "\n") })
    let lines = lineFeeds + (text.utf8.isEmpty || text.utf8.last == UInt8(ascii: "\n") ? 0 : 1)
    switch result {
    case .failure(let failure):
        require(failure.line >= 1 && failure.line <= lines + 1, "a failure on line \(failure.line) of a text of \(lines) lines: \(failure)")
        require(!failure.message.isEmpty && !failure.message.contains(where: \.isNewline), "a failure message that is empty or on several lines: \(failure)")
    case .success(let records):
        var previous = 0
        for record in records {
            require(record.line > previous && record.line <= lines, "record on line \(record.line) after line \(previous), in \(lines) lines")
            require(!record.fields.isEmpty, "a record without fields on line \(record.line)")
            previous = record.line
        }
        let fields = records.map(\.fields)
        let written = fields.map(CSVText.record).joined()
        switch CSVReader.records(written) {
        case .success(let again):
            require(again.map(\.fields) == fields, "written as \(DisplayText.quoted(written)), read back as \(again.map(\.fields)), not \(fields)")
        case .failure(let failure):
            fatalError("written as \(DisplayText.quoted(written)), it does not read back: \(failure)")
        }
    }
}
