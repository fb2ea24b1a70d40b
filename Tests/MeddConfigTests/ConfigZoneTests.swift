import Foundation
import MeddConfig
import MeddCore
import MeddSystem
import Testing

/// `timezone = "Name"` reads the zone file when the configuration loads, from a real TZDIR on disk;
/// a zone that cannot be read is an error at the value.
struct ConfigZoneTests {
    static let tzdir: String = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("medd-tzdir-\(UUID().uuidString)")
        let berlin = FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Berlin")!
        try! FileManager.default.createDirectory(at: url.appendingPathComponent("Test"), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: url.appendingPathComponent("Test/Berlin").path, contents: berlin)
        _ = FileManager.default.createFile(atPath: url.appendingPathComponent("Test/Text").path, contents: Data("Europe/Berlin\n".utf8))
        _ = FileManager.default.createFile(atPath: url.appendingPathComponent("Test/Truncated").path, contents: berlin.prefix(300))
        return url.path
    }()

    static func load(settings zone: String, medication medicationZone: String = "local") -> Result<Configuration, ConfigErrors> {
        let text = """
            [settings]
            timezone = "\(zone)"

            [medication.metformin]
            name = "Metformin"
            dose = "500 mg"
            times = ["08:00"]
            timezone = "\(medicationZone)"
            """
        return ConfigLoader.parse(text, path: "medd.toml", zones: SystemZones.database(tzdir: tzdir))
    }

    static func messages(_ result: Result<Configuration, ConfigErrors>) -> [String] {
        guard case .failure(let errors) = result else { return [] }
        return errors.diagnostics.map(\.description)
    }

    /// The rules of each named zone come with the configuration.
    @Test func namedZonesAreLoaded() throws {
        let configuration = try Self.load(settings: "Test/Berlin").get()
        #expect(configuration.settings.timezone == .named("Test/Berlin"))
        #expect(configuration.zones["Test/Berlin"]?.footer?.text == "CET-1CEST,M3.5.0,M10.5.0/3")
        #expect(configuration.zones.count == 1)
    }

    @Test func unreadableZonesAreErrorsAtTheValue() {
        #expect(Self.messages(Self.load(settings: "Foo/Bar")) == [
            "medd.toml:2:12: timezone \"Foo/Bar\": \(Self.tzdir)/Foo/Bar: No such file or directory",
        ])
        #expect(Self.messages(Self.load(settings: "local", medication: "Test/Text")) == [
            "medd.toml:8:12: timezone \"Test/Text\": \(Self.tzdir)/Test/Text: not a TZif file",
        ])
        #expect(Self.messages(Self.load(settings: "Test/Truncated")) == [
            "medd.toml:2:12: timezone \"Test/Truncated\": \(Self.tzdir)/Test/Truncated: truncated: header says 143 transitions, "
                + "9 local time types, 18 designation bytes and 0 leap seconds, but the file ends at byte 300",
        ])
        #expect(Self.messages(Self.load(settings: "../Test/Berlin")) == [
            "medd.toml:2:12: timezone \"../Test/Berlin\": zone name \"../Test/Berlin\" must be a relative path of visible ASCII "
                + "characters without \"..\" or empty components, like \"Europe/Berlin\"",
        ])
        #expect(Self.messages(Self.load(settings: "Test")) == [
            "medd.toml:2:12: timezone \"Test\": \(Self.tzdir)/Test: Is a directory",
        ])
    }
}
