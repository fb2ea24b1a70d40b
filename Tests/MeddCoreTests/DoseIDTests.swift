import Foundation
import MeddCore
import PropertyBased
import Testing

/// `DoseID`: `<medication>_<yyyyMMdd>_<HH>_<MM>` .
@Suite struct DoseIDTests {
    typealias F = PlanFixture

    /// The example of medd.toml(5), DOSE IDS, formats and parses back.
    @Test func documentedExample() throws {
        let id = DoseID(medication: "metformin", date: F.date("2026-11-22"), time: F.time("08:00"))
        #expect(id.description == "metformin_20261122_08_00")
        #expect(DoseID(parsing: "metformin_20261122_08_00") == id)
        let early = try #require(DoseID(parsing: "vit-d3_20270101_00_05"))
        #expect(early.medication == "vit-d3")
        #expect(early.date == F.date("2027-01-01"))
        #expect(early.time == F.time("00:05"))
        #expect(id.snoozeID.description == "snooze_metformin_08_00")
    }

    /// Malformed IDs are rejected.
    @Test(arguments: [
        "", "metformin", "metformin_20261122_08", "metformin_20261122_08_00_00", "metformin_20261122_0800",
        "Metformin_20261122_08_00", "-metformin_20261122_08_00", "met_formin_20261122_08_00", "_20261122_08_00",
        "metformin_2026112_08_00", "metformin_202611220_08_00", "metformin_20261322_08_00", "metformin_20260229_08_00",
        "metformin_20261100_08_00", "metformin_00001122_08_00", "metformin_2026-1-22_08_00", "metformin_20261122_24_00",
        "metformin_20261122_08_60", "metformin_20261122_8_00", "metformin_20261122_08_0", "metformin_20261122_+8_00",
        "metformin_20261122_08_0a", "metformin_20261122_080_0", "metformin_20261122__08_00", "metformin_20261122_08_00 ",
        " metformin_20261122_08_00", "metformin_２０２６1122_08_00", String(repeating: "a", count: 65) + "_20261122_08_00",
    ])
    func rejects(text: String) {
        #expect(DoseID(parsing: text) == nil)
    }

    /// The longest valid medication ID (64 characters) is accepted.
    @Test func longestMedicationID() {
        let med = String(repeating: "a", count: 64)
        #expect(DoseID(parsing: med + "_20261122_08_00")?.medication == med)
    }

    /// description → parsing round-trips for random IDs over years 1–9999.
    @Test func roundTrip() async {
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789-")
        let medication = Gen.int(in: 0..<letters.count).array(of: 0...20).map { indices in
            "m" + String(indices.map { letters[$0] })
        }
        let dayNumber = Gen.int64(in: -719_162...2_932_896)  // 0001-01-01 ... 9999-12-31
        await propertyCheck(count: 500, input: medication, dayNumber, Gen.int(in: 0..<1440)) { med, day, minute in
            let id = DoseID(medication: med, date: LocalDate(dayNumber: day), time: WallTime(minuteOfDay: minute)!)
            let text = id.description
            #expect(text.utf8.count == med.utf8.count + 15)
            #expect(DoseID(parsing: text) == id)
        }
    }

    /// Codable uses the text form.
    @Test func codable() throws {
        let id = try #require(DoseID(parsing: "metformin_20261122_08_00"))
        let data = try JSONEncoder().encode([id])
        #expect(String(decoding: data, as: UTF8.self) == #"["metformin_20261122_08_00"]"#)
        #expect(try JSONDecoder().decode([DoseID].self, from: data) == [id])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([DoseID].self, from: Data(#"["nope"]"#.utf8)) }
    }

    /// IDs order by date, then time, then medication.
    @Test func ordering() {
        let ids = ["b_20261122_08_00", "a_20261122_09_00", "a_20261122_08_00", "z_20261121_23_59"].compactMap(DoseID.init(parsing:))
        #expect(ids.sorted().map(\.description) == ["z_20261121_23_59", "a_20261122_08_00", "b_20261122_08_00", "a_20261122_09_00"])
    }
}
