import MeddCommandLine

/// A verb that takes the configuration file (`--config PATH`) and nothing else of its own.
protocol ConfigFileVerb: Verb {
    init(global: GlobalOptions, configPath: String)
}

extension ConfigFileVerb {
    static var options: [OptionSpec] { [ConfigOption.option] }

    init(_ arguments: ParsedArguments, global: GlobalOptions) throws(UsageError) {
        self.init(global: global, configPath: try ConfigOption.path(arguments))
    }
}
