/// Guesses what a mistyped command or option name was meant to be.
package enum Spelling {
    /// The word of `candidates` nearest to `typed`, if it is near enough to be
    /// the one meant: at most a third of the letters wrong (at least one).
    package static func nearest(to typed: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(typed, $0)) }.min { $0.1 < $1.1 }
        guard let (best, distance) = scored, distance <= max(1, typed.count / 3) else { return nil }
        return best
    }

    /// The optimal-string-alignment distance: insertions, deletions,
    /// substitutions and swaps of two neighbouring letters count one edit
    /// each. Levenshtein's distance counts a swap as two, and swaps are the
    /// commonest typo ("--mdoe"), so they went without a suggestion.
    /// (Each letter takes part in one edit at most: "ca" → "abc" is 3.)
    package static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return a.count + b.count }
        // Three rows of the table: two back, one back, this one.
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
