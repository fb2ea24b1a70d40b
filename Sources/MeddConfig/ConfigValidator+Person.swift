import MeddCore
import TOMLKit

/// The `[person.ID]` tables, and the `person` label a medication names.
extension ConfigValidator {
    /// The people by ID. A table no medication names is fine: it is ready for when one does.
    func people(_ value: TOMLValue?, at path: ConfigPath) -> [String: Person] {
        guard let value else { return [:] }
        if let id = value.string {
            // `person = "mum"` above the first table, meant for a medication.
            report(path, .value, "expected a table of people ([person.ID]), found a string; to say whom a medication is for, "
                   + "write person = \(Self.quoted(id)) inside its [medication.ID] table")
            return [:]
        }
        guard let table = table(value, at: path, expected: "a table of people ([person.ID])") else { return [:] }
        let people = entries(of: table, at: path) { id, entry, entryPath in person(id: id, value: entry, at: entryPath) }
        return Dictionary(uniqueKeysWithValues: people.map { ($0.id, $0) })
    }

    private func person(id: String, value: TOMLValue, at path: ConfigPath) -> Person? {
        let issuesBefore = issues.count
        if !Person.isValidID(id) {
            report(path, .key, "\(Self.quoted(id)) is not a valid person ID; \(Self.personIDRule); "
                   + "write e.g. [person.\(Self.labelExample(from: id))]")
        }
        guard let table = table(value, at: path, expected: "a person table [person.ID] with an optional name") else { return nil }
        checkKeys(of: table, at: path, known: Keys.person)
        let name = table["name"].flatMap { text($0.tomlValue, at: path.appending("name"), example: "name = \"Mum\"") }
        guard issues.count == issuesBefore else { return nil }
        return Person(id: id, name: name)
    }

    /// A medication's `person`: a label, whether or not a `[person.ID]` table gives it a name.
    func personID(_ value: TOMLValue, at path: ConfigPath) -> String? {
        guard let id = string(value, at: path, expected: "a person ID like \"mum\"") else { return nil }
        guard Person.isValidID(id) else {
            let example = Self.labelExample(from: id)
            report(path, .value, "\(Self.quoted(id)) is not a valid person ID; \(Self.personIDRule); "
                   + "write e.g. person = \"\(example)\" and give the name in a [person.\(example)] table")
            return nil
        }
        return id
    }

    private static let personIDRule = "use 1 to 64 lowercase letters, digits and hyphens, starting with a letter or digit "
        + "([a-z0-9][a-z0-9-]{0,63})"

    /// `Aunt May` → `aunt-may`: what the label of a name probably is; `mum` when nothing is left.
    private static func labelExample(from text: String) -> String {
        var label = ""
        for scalar in text.lowercased().unicodeScalars.prefix(64) {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                label.unicodeScalars.append(scalar)
            } else if !label.isEmpty, label.last != "-" {
                label += "-"
            }
        }
        while label.last == "-" { label.removeLast() }
        return label.isEmpty ? "mum" : label
    }
}
