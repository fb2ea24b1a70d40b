import MeddCore
import Systemd

/// medd, run in medctl's place for the verbs that read the configuration (`medd --check`,
/// `medd --plan`): medd owns the configuration parser, and medctl stays small without it. And medd-sync,
/// medd's network side, for `carers test`: medctl never touches the network.
enum MeddProgram {
    /// Becomes `PROGRAM ARGUMENTS` (medd by default): its output and exit status are the verb's.
    static func replaceMedctl(with arguments: [String], verb: String, program: String = "medd") throws -> Never {
        guard let path = location(of: program) else {
            // TRANSLATORS: %1$s is a verb (check, plan, carers), %2$s the program it runs (medd, medd-sync).
            Output.error("medctl: " + tr("""
                %1$s runs %2$s, and there is no %2$s beside medctl or on PATH
                """, verb, program))
            throw ExitStatus(code: 69)
        }
        do {
            try CurrentProcess.replace(with: path, arguments: [program] + arguments)
        } catch {
            // TRANSLATORS: %1$s is a program's path, %2$s why it cannot run (from the system).
            Output.error("medctl: " + tr("cannot run %1$s: %2$s", path, error.reason))
            throw ExitStatus(code: 69)
        }
    }

    /// Where programs are looked up when `PATH` is not set, as `execvp` does.
    static let defaultSearchPath = "/bin:/usr/bin"

    /// The program installed beside this medctl, else the first on `PATH` (an empty entry meaning the
    /// current directory, as the shell takes it).
    static func location(of program: String = "medd", path: String? = ProcessEnvironment.value("PATH")) -> String? {
        var candidates: [String] = []
        if let executable = try? CurrentProcess.executablePath(), let slash = executable.lastIndex(of: "/") {
            candidates.append(executable[...slash] + program)
        }
        for directory in (path ?? defaultSearchPath).split(separator: ":", omittingEmptySubsequences: false) {
            candidates.append((directory.isEmpty ? "." : String(directory)) + "/" + program)
        }
        return candidates.first(where: CurrentProcess.canExecute)
    }
}
