import CSystemd
import Glibc

/// A program run on the terminal medctl runs on, which it waits for: an editor.
public enum ForegroundProcess {
    /// How it ended.
    public enum Ending: Equatable, Sendable {
        case exited(Int32)
        case killed(by: Int32)
    }

    /// Runs `argv` (`argv[0]` looked up in `PATH`) with medctl's standard input, output and environment.
    public static func run(_ argv: [String]) throws(SystemError) -> Ending {
        precondition(!argv.isEmpty, "a program to run")
        let pointers = argv.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        let status = medd_run_in_foreground(pointers)
        guard status >= 0 else { throw SystemError("run \(argv[0])", errno: -status) }
        // The wait status: the signal in its low 7 bits, else the exit status in the next 8.
        return status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .killed(by: status & 0x7F)
    }
}
