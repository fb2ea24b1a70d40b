import MeddCommandLine
import MeddControl
import MeddCore
import Systemd

/// `medctl import`: readings from the CSV `medctl measurements --format csv` writes, each once.
struct ImportCommand: Verb {
    static let name = "import"
    static var abstract: String { tr("Import readings from the CSV that `medctl measurements --format csv` writes.") }
    static var discussion: String {
        tr("""
            Every line is checked first, by medctl and by medd (a configured measurement, a value of its kind within \
            the range a real reading has, a time not in the future); a file with any line wrong imports nothing and \
            names the line. A reading already recorded (the same measurement, time and value) is not added again, so \
            importing a file twice adds nothing the second time. Each reading keeps its time, reminder, source and note.
            """)
    }
    static var operand: OperandSpec? {
        OperandSpec(valueName: "FILE", help: tr("The CSV file."), isRequired: true, takesPath: true)
    }

    let global: GlobalOptions
    let path: String

    init(_ arguments: ParsedArguments, global: GlobalOptions) throws(UsageError) {
        self.global = global
        guard arguments.operands.count == 1 else { throw arguments.error(tr("name one CSV file to import")) }
        path = arguments.operands[0]
    }

    func run() throws {
        let text: String
        do {
            let bytes = try FileReader.bytes(at: path)
            guard let decoded = String(validating: bytes, as: UTF8.self) else {
                // TRANSLATORS: %1$s is a file's path.
                Output.error("medctl: " + tr("%1$s is not UTF-8 text; save it as UTF-8 CSV", path))
                throw ExitStatus(code: 1)
            }
            text = decoded
        } catch let status as ExitStatus {
            throw status
        } catch {
            // TRANSLATORS: %1$s is a file's path, %2$s why it cannot be read (from the system).
            Output.error("medctl: " + tr("cannot read %1$s: %2$s", path, "\(error)"))
            throw ExitStatus(code: 1)
        }
        let readings: [(line: Int, reading: [String: JSONValue])]
        switch ReadingsCSV.readings(text) {
        case .success(let parsed): readings = parsed
        case .failure(let failure):
            Output.error("\(path):\(failure.line): \(failure.message)")
            throw ExitStatus(code: 1)
        }
        let client = try global.connect()
        let batches = Self.batches(readings)
        var added = 0
        var present = 0
        // Every part is checked before any is recorded: a wrong line anywhere imports nothing.
        for dryRun in [true, false] {
            added = 0
            present = 0
            for batch in batches {
                let reply: [String: JSONValue]
                do {
                    reply = try client.call("ImportReadings", ["readings": .array(batch.map { .object($0.reading) }), "dryRun": .bool(dryRun)])
                } catch {
                    if case .daemon(_, let details) = error, let index = details["index"]?.intValue, batch.indices.contains(index) {
                        Output.error("\(path):\(batch[index].line): \(details["message"]?.stringValue ?? "")")
                        throw ExitStatus(code: 1)
                    }
                    throw error
                }
                added += reply["added"]?.intValue ?? 0
                present += reply["present"]?.intValue ?? 0
            }
        }
        if global.json { return Output.json(.object(["added": .integer(added), "present": .integer(present)])) }
        // TRANSLATORS: after an import: %1$d readings added, %2$d already recorded before.
        Output.line(trn("imported %1$d reading (%2$d already there)", "imported %1$d readings (%2$d already there)",
                        count: added, String(added), String(present)))
    }

    /// The readings in parts that each fit one call: at most `importBatch` readings, and well within the
    /// daemon's largest message.
    static func batches(_ readings: [(line: Int, reading: [String: JSONValue])]) -> [[(line: Int, reading: [String: JSONValue])]] {
        let budget = VarlinkFramer.defaultMaximumMessageSize * 3 / 4
        var batches: [[(line: Int, reading: [String: JSONValue])]] = []
        var current: [(line: Int, reading: [String: JSONValue])] = []
        var size = 0
        for reading in readings {
            let bytes = JSONValue.object(reading.reading).serialized.count + 1
            if !current.isEmpty, current.count == MethodSignature.importBatch || size + bytes > budget {
                batches.append(current)
                current = []
                size = 0
            }
            current.append(reading)
            size += bytes
        }
        if !current.isEmpty { batches.append(current) }
        return batches
    }
}
