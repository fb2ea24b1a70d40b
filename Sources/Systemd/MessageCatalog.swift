import CSystemd
import Glibc

/// glibc's gettext for one text domain: this process's locale set from the environment
/// (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`), its catalogs `DIRECTORY/LANG/LC_MESSAGES/DOMAIN.mo`.
public struct MessageCatalog: Sendable {
    public let domain: String

    /// Sets the categories people-facing text needs from the environment (`LC_MESSAGES` for the
    /// language, `LC_TIME` and `LC_NUMERIC` for formats), then binds `domain` to `directory` with
    /// UTF-8 output. Once per process, before any thread starts: `setlocale` is process-wide. The
    /// other categories stay C: collation tables and character classes would cost megabytes of
    /// mapped locale data in a daemon that needs neither (its text is UTF-8 throughout).
    public static func open(domain: String, directory: String) -> MessageCatalog {
        for category in [LC_MESSAGES, LC_TIME, LC_NUMERIC] { _ = setlocale(category, "") }
        _ = bindtextdomain(domain, directory)
        _ = bind_textdomain_codeset(domain, "UTF-8")
        return MessageCatalog(domain: domain)
    }

    // Without a translation gettext returns the very pointer it was given: the message ID's C string,
    // which Swift keeps alive only during the call that converts it. So the result is copied inside
    // `withCString`, never after (reading it after crashed medctl with "initialize overlapping range"
    // on the first untranslated plural under the C locale).

    public func lookup(_ messageID: String) -> String {
        messageID.withCString { id in String(cString: dgettext(domain, id)) }
    }

    public func lookup(_ singular: String, _ plural: String, count: Int) -> String {
        singular.withCString { one in
            plural.withCString { many in
                // ngettext takes an unsigned long; a negative count takes its size's form, as gettext's docs advise.
                String(cString: dngettext(domain, one, many, UInt(count.magnitude)))
            }
        }
    }

    /// Where an installed program's catalogs are: `PREFIX/share/locale` for a program in
    /// `PREFIX/bin` or `PREFIX/libexec/medd`, found from the running executable's path, so a
    /// `make install` under `~/.local`, the Debian package under `/usr` and a build tree (whose
    /// `make` puts the catalogs beside its `debug` and `release` folders) each find their own.
    public static func localeDirectory(executable: String) -> String {
        var directory = String(executable[..<(executable.lastIndex(of: "/") ?? executable.startIndex)])
        if directory.hasSuffix("/libexec/medd") { directory.removeLast("/medd".count) }
        let prefix = directory.lastIndex(of: "/").map { String(directory[..<$0]) } ?? "."
        return prefix + "/share/locale"
    }
}
