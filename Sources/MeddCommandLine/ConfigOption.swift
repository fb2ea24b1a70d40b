import MeddCore
import MeddSystem
import Systemd

/// `--config PATH` of medd and of medctl's `check` and `plan`, and the file it names by default.
public enum ConfigOption {
    public static var option: OptionSpec {
        .value("config", "PATH", tr("The configuration file (default: $XDG_CONFIG_HOME/medd/medd.toml)."), takesPath: true)
    }

    /// The path given, else the default under `environment` (the process's when nil).
    public static func path(_ arguments: ParsedArguments, environment: [String: String]? = nil) throws(UsageError) -> String {
        if let path = arguments.string(option.name) { return path }
        guard let path = DefaultPaths(environment: environment ?? ProcessEnvironment.variables).config else {
            throw arguments.error(tr("neither XDG_CONFIG_HOME nor HOME is set; pass --config PATH"))
        }
        return path
    }
}
