import MeddCommandLine

extension CompletionScript {
    /// medctl's completion: the global options, the requests and the verbs.
    init(verbs: [any Verb.Type]) {
        self.init(program: "medctl", options: CommandLineParser.globalOptions + [.version, .help, .completionScript],
                  globalOptions: CommandLineParser.globalOptions, verbs: verbs)
    }
}
