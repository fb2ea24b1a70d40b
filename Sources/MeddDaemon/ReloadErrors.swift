/// The configuration errors that made a reload keep the previous configuration.
struct ReloadErrors: Error {
    var lines: [String]
}
