import MeddCore
@testable import Systemd
import Testing
@testable import MeddSystem

/// The locale's formats as `PeopleLanguage` makes them from glibc's `nl_langinfo` answers.
@Suite struct PeopleLanguageTests {
    static func locale(name: String = "xx_XX.UTF-8", date: String = "%d.%m.%Y", time: String = "%T", twelveHour: String = "",
                       am: String = "", pm: String = "", firstWeekday: Int = 1, decimal: String = ",") -> LocaleInformation {
        LocaleInformation(
            timeLocaleName: name, dateFormat: date, timeFormat: time, twelveHourTimeFormat: twelveHour,
            weekdayNames: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
            abbreviatedWeekdayNames: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
            monthNames: (1...12).map { "genitive\($0)" }, nominativeMonthNames: (1...12).map { "month\($0)" },
            abbreviatedMonthNames: (1...12).map { "m\($0)" }, anteMeridiem: am, postMeridiem: pm,
            firstWeekday: firstWeekday, decimalSeparator: decimal)
    }

    /// glibc's time formats lose their seconds: de_DE's `%T`, en_US's `%r`, zh_CN's `%H时%M分%S秒`.
    @Test func timeFormatsDropTheirSeconds() {
        #expect(PeopleLanguage.timePattern(Self.locale(time: "%T")) == "%H:%M")
        #expect(PeopleLanguage.timePattern(Self.locale(time: "%H:%M:%S")) == "%H:%M")
        #expect(PeopleLanguage.timePattern(Self.locale(time: "%r", twelveHour: "%I:%M:%S %p")) == "%I:%M %p")
        #expect(PeopleLanguage.timePattern(Self.locale(time: "%H时%M分%S秒")) == "%H时%M分")
        #expect(PeopleLanguage.timePattern(Self.locale(time: "%H.%M.%S")) == "%H.%M")
        #expect(PeopleLanguage.timePattern(Self.locale(time: "")) == "%H:%M")
    }

    @Test func datesKeepTheirFullYear() {
        #expect(PeopleLanguage.datePattern("%d/%m/%y") == "%d/%m/%Y")
        #expect(PeopleLanguage.datePattern("%Y年%m月%d日") == "%Y年%m月%d日")
    }

    /// The C and POSIX locales (and C.UTF-8) keep medd's ISO formats, whatever glibc says of them.
    @Test(arguments: ["C", "POSIX", "C.UTF-8", "C.utf8"])
    func theCLocalesAreTechnical(name: String) {
        #expect(PeopleLanguage.formats(Self.locale(name: name, date: "%m/%d/%y", time: "%H:%M:%S")) == .technical)
    }

    /// glibc counts weekdays from Sunday; `Weekday` from Monday. Headings take the nominative month names.
    @Test func namesAndFirstWeekdayMapOntoMeddsOrder() {
        let monday = PeopleLanguage.formats(Self.locale(firstWeekday: 1))
        #expect(monday.firstWeekday == .mon)
        #expect(monday.weekdayNames.first == "Monday" && monday.weekdayNames.last == "Sunday")
        #expect(monday.monthName(11) == "month11" && monday.monthNamesInDates[10] == "genitive11")
        #expect(PeopleLanguage.formats(Self.locale(firstWeekday: 0)).firstWeekday == .sun)
        #expect(PeopleLanguage.formats(Self.locale(firstWeekday: 6)).firstWeekday == .sat)
        #expect(monday.decimal("2.5") == "2,5")
    }

    /// Where a program finds its catalogs: PREFIX/share/locale from PREFIX/bin and PREFIX/libexec/medd.
    @Test func catalogsAreFoundFromTheExecutable() {
        #expect(MessageCatalog.localeDirectory(executable: "/usr/bin/medctl") == "/usr/share/locale")
        #expect(MessageCatalog.localeDirectory(executable: "/home/a/.local/bin/medd") == "/home/a/.local/share/locale")
        #expect(MessageCatalog.localeDirectory(executable: "/usr/libexec/medd/medd-report-pdf") == "/usr/share/locale")
        #expect(MessageCatalog.localeDirectory(executable: "/src/.build/x86_64-unknown-linux-gnu/debug/medctl")
            == "/src/.build/x86_64-unknown-linux-gnu/share/locale")
    }

    /// Without a translation gettext hands back the message ID's own C string: the text comes back
    /// whole, singular and plural, however long (a long one is on the heap, freed after the call).
    @Test func anUntranslatedMessageComesBackWhole() {
        let catalog = MessageCatalog(domain: "medd-test-no-such-domain")
        for length in [1, 15, 16, 200, 5000] {
            let one = String(repeating: "a", count: length) + " %1$d dose"
            let many = String(repeating: "b", count: length) + " %1$d doses"
            #expect(catalog.lookup(one) == one)
            #expect(catalog.lookup(one, many, count: 1) == one)
            #expect(catalog.lookup(one, many, count: 3) == many)
        }
    }
}
