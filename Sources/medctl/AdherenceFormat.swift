import ArgumentParser

/// How `medctl adherence` prints its result.
enum AdherenceFormat: String, CaseIterable, ExpressibleByArgument {
    case table, json, csv
}
