import CSystemd
import Glibc

/// glibc's gettext for one text domain: this process's locale set from the environment
/// (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`), its catalogs `DIRECTORY/LANG/LC_MESSAGES/DOMAIN.mo`.
public struct MessageCatalog: Sendable {
    public let domain: String

    /// Sets every locale category from the environment, then binds `domain` to `directory` with
    /// UTF-8 output. Once per process, before any thread starts: `setlocale` is process-wide.
    public static func open(domain: String, directory: String) -> MessageCatalog {
        _ = setlocale(LC_ALL, "")
        _ = bindtextdomain(domain, directory)
        _ = bind_textdomain_codeset(domain, "UTF-8")
        return MessageCatalog(domain: domain)
    }

    /// gettext returns the message ID's own pointer when it has no translation, so the C string it
    /// is given must outlive the copy made of the result (a `String` passed straight to C is only a
    /// temporary for the call's duration).
    public func lookup(_ messageID: String) -> String {
        messageID.withCString { id in String(cString: dgettext(domain, id)) }
    }

    public func lookup(_ singular: String, _ plural: String, count: Int) -> String {
        // ngettext takes an unsigned long; a negative count takes its size's form, as gettext's docs advise.
        singular.withCString { one in
            plural.withCString { many in String(cString: dngettext(domain, one, many, UInt(count.magnitude))) }
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
