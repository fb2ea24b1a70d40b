import MeddCore
import MeddSystem
import Systemd

/// `--config PATH` of `check` and `plan`, and the file it names by default.
enum ConfigOption {
    static var option: OptionSpec {
        .value("config", "PATH", tr("The configuration file (default: $XDG_CONFIG_HOME/medd/medd.toml)."), takesPath: true)
    }

    static func path(_ arguments: ParsedArguments) throws(UsageError) -> String {
        if let path = arguments.string(option.name) { return path }
        guard let path = DefaultPaths(environment: ProcessEnvironment.variables).config else {
            throw arguments.error(tr("neither XDG_CONFIG_HOME nor HOME is set; pass --config PATH"))
        }
        return path
    }
}
