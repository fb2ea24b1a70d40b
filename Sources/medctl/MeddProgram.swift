import MeddCore
import Systemd

/// medd, run in medctl's place for the verbs that read the configuration (`medd --check`,
/// `medd --plan`): medd owns the configuration parser, and medctl stays small without it.
enum MeddProgram {
    /// Becomes `medd ARGUMENTS`: medd's output and exit status are the verb's.
    static func replaceMedctl(with arguments: [String], verb: String) throws -> Never {
        guard let path = location() else {
            // TRANSLATORS: %1$s is a verb (check, plan).
            Output.error("medctl: " + tr("""
                %1$s runs medd, which reads the configuration, and there is no medd \
                beside medctl or on PATH
                """, verb))
            throw ExitStatus(code: 69)
        }
        do {
            try CurrentProcess.replace(with: path, arguments: ["medd"] + arguments)
        } catch {
            // TRANSLATORS: %1$s is a program's path, %2$s why it cannot run (from the system).
            Output.error("medctl: " + tr("cannot run %1$s: %2$s", path, error.reason))
            throw ExitStatus(code: 69)
        }
    }

    /// Where programs are looked up when `PATH` is not set, as `execvp` does.
    static let defaultSearchPath = "/bin:/usr/bin"

    /// The medd installed beside this medctl, else the first on `PATH` (an empty entry meaning the
    /// current directory, as the shell takes it).
    static func location(path: String? = ProcessEnvironment.value("PATH")) -> String? {
        var candidates: [String] = []
        if let executable = try? CurrentProcess.executablePath(), let slash = executable.lastIndex(of: "/") {
            candidates.append(executable[...slash] + "medd")
        }
        for directory in (path ?? defaultSearchPath).split(separator: ":", omittingEmptySubsequences: false) {
            candidates.append((directory.isEmpty ? "." : String(directory)) + "/medd")
        }
        return candidates.first(where: CurrentProcess.canExecute)
    }
}
