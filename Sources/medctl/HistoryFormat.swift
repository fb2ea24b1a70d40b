import ArgumentParser

/// How `medctl history` prints doses.
enum HistoryFormat: String, CaseIterable, ExpressibleByArgument {
    case table, json, csv
}
