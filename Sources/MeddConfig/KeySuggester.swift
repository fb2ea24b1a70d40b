/// Finds the known name nearest to a misspelt one.
public enum KeySuggester {
    /// The candidate closest to `word` by edit distance, when it is close enough to be a typo.
    public static func suggestion(for word: String, among candidates: [String]) -> String? {
        let lowered = word.lowercased()
        var best: (candidate: String, distance: Int, prefix: Int)? = nil
        for candidate in candidates {
            let distance = editDistance(lowered, candidate)
            let allowed = max(1, min(3, candidate.count / 3))
            guard distance <= allowed else { continue }
            // Ties go to the candidate sharing the longer prefix: "of" is "off", not "on".
            let prefix = zip(lowered, candidate).prefix { $0 == $1 }.count
            if best.map({ distance < $0.distance || (distance == $0.distance && prefix > $0.prefix) }) ?? true {
                best = (candidate, distance, prefix)
            }
        }
        return best?.candidate
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and
    /// transpositions of neighbours each cost 1.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, table[i - 2][j - 2] + 1)
                }
                table[i][j] = value
            }
        }
        return table[a.count][b.count]
    }
}
