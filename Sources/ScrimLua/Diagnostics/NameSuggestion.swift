/// "Did you mean" for unknown names (of the API, of devices): the known name closest to the unknown
/// one by edit distance (Damerau–Levenshtein with adjacent transpositions), if it is close enough
/// to be a typo.
package enum NameSuggestion {
    /// The best candidate within `max(1, name.count / 3)` edits, preferring the shorter distance,
    /// then the alphabetically first.
    static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
        let limit = max(1, name.count / 3)
        var best: (distance: Int, name: String)?
        for candidate in candidates {
            let distance = editDistance(name, candidate)
            guard distance <= limit else { continue }
            if best == nil || distance < best!.distance || (distance == best!.distance && candidate < best!.name) {
                best = (distance, candidate)
            }
        }
        return best?.name
    }

    /// "; did you mean 'x'?" with the closest candidate, or "" when none is close: the tail of an
    /// error about an unknown name.
    package static func hint(for name: String, in candidates: some Sequence<String>) -> String {
        closest(to: name, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The optimal-string-alignment distance between two strings (by Unicode scalars).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var previousPrevious = [Int](repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[y.count]
    }
}
