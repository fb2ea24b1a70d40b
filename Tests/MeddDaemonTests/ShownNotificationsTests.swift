import MeddCore
import Testing

@testable import MeddDaemon

/// The dose → notification map a crashed medd leaves for its successor.
@Suite struct ShownNotificationsTests {
    @Test func itRoundTripsThroughItsText() {
        let shown = ShownNotifications(server: ":1.42", ids: [
            DoseID(parsing: "metformin_20261122_08_00")!: 7,
            DoseID(parsing: "aspirin_20261122_20_30")!: 12,
        ])
        #expect(shown.text == ":1.42\naspirin_20261122_20_30 12\nmetformin_20261122_08_00 7\n")
        #expect(ShownNotifications(text: shown.text) == shown)
    }

    @Test func aDamagedFileIsIgnored() {
        for text in ["", "\n", "org.freedesktop.Notifications\n", ":1.4\nmetformin 7\n", ":1.4\nmetformin_20261122_08_00 -1\n",
                     ":1.4\nmetformin_20261122_08_00 7 8\n", ":1.4\nmetformin_20261122_08_00 99999999999\n"] {
            #expect(ShownNotifications(text: text) == nil, "\(text)")
        }
    }
}
