import ArgumentParser
import MeddConfig
import MeddCore
import Systemd

/// `--config PATH` and loading the configuration it names.
struct ConfigOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The configuration file (default: $XDG_CONFIG_HOME/medd/medd.toml).", valueName: "PATH"))
    var config: String?

    func resolvedPath() throws -> String {
        if let config { return config }
        guard let path = DefaultPaths(environment: ProcessEnvironment.variables).config else {
            throw ValidationError("neither XDG_CONFIG_HOME nor HOME is set; pass --config PATH")
        }
        return path
    }

    /// The configuration, or the printed errors and exit status 1.
    func load() throws -> (path: String, configuration: Configuration) {
        let path = try resolvedPath()
        switch ConfigLoader.load(path: path) {
        case .success(let configuration):
            return (path, configuration)
        case .failure(let errors):
            Output.error(errors.description)
            throw ExitCode(1)
        }
    }
}
