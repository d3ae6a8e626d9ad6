/// Where a title should wrap so that its lines come out even: a title that
/// needs two lines at the width it has gets them as equal as its words allow,
/// never a full first line and one word, or one character, alone under it
/// (Japanese and Korean titles wrap between any two characters).
///
/// The text engine (Pango in the app) stays the judge of where lines break:
/// this only searches the narrowest width at which the text still takes no
/// more lines than at the widest, which is where a greedy wrap is balanced.
public enum BalancedWrap {
    /// The narrowest width in `minimum...maximum` at which `lineCount` gives no
    /// more lines than at `maximum`. `lineCount(width)` is how many lines the
    /// text takes wrapped at `width`; it must not grow as the width grows.
    /// One line at `maximum` needs no balance: `maximum` comes back.
    public static func width(maximum: Int, minimum: Int = 1, lineCount: (Int) -> Int) -> Int {
        guard maximum > minimum else { return maximum }
        let wanted = lineCount(maximum)
        guard wanted > 1 else { return maximum }
        // lineCount(high) <= wanted holds throughout; lineCount(low) > wanted, or low is the minimum untested.
        var low = max(1, minimum), high = maximum
        while low < high {
            let middle = low + (high - low) / 2
            if lineCount(middle) <= wanted { high = middle } else { low = middle + 1 }
        }
        return high
    }
}

extension BalancedWrap {
    /// Balanced lines that break only between words (Korean titles: a word
    /// cut between two syllables reads badly, as in English), given each
    /// word's width and a space's: the ranges of words on each line, or nil
    /// when a word alone is wider than `maximum` (it must break inside).
    public static func wordLines(widths: [Int], space: Int, maximum: Int) -> [Range<Int>]? {
        guard let widest = widths.max(), widest <= maximum else { return widths.isEmpty ? [] : nil }
        func lines(at width: Int) -> [Range<Int>] {
            var found: [Range<Int>] = [], start = 0, used = 0
            for (index, word) in widths.enumerated() {
                if index > start && used + space + word > width {
                    found.append(start..<index)
                    start = index
                    used = 0
                }
                used += (index > start ? space : 0) + word
            }
            return found + [start..<widths.count]
        }
        return lines(at: width(maximum: maximum, minimum: widest) { lines(at: $0).count })
    }
}

/// Words a wrapped line must not break inside, as ranges of UTF-8 bytes (the
/// indices Pango takes): each is one run of non-space characters.
public enum WholeWords {
    /// Korean: Unicode's line breaking allows a break between any two Hangul
    /// syllables, but Korean is set between words, at its spaces. Each word
    /// holding a Hangul syllable is kept whole, unless it has more than
    /// `longestKorean` characters or a slash (a path): it might be wider than
    /// a phone's line, and a line wider than the screen is worse.
    public static func korean(in text: String) -> [Range<Int>] {
        ranges(in: text) { word in
            word.count <= longestKorean && !word.contains("/")
                && word.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
        }
    }

    public static let longestKorean = 12

    /// A command: each argument of up to `longestArgument` characters kept
    /// whole ("wire\nplumber" reads as two words); a longer one (an object
    /// path) may still break anywhere.
    public static func commandArguments(in text: String) -> [Range<Int>] {
        ranges(in: text) { $0.count <= longestArgument }
    }

    public static let longestArgument = 24

    /// The words of `text` (split at whitespace) that `keep` accepts.
    public static func ranges(in text: String, keep: (Substring) -> Bool) -> [Range<Int>] {
        text.split(whereSeparator: \.isWhitespace).filter(keep).map { word in
            let start = text.utf8.distance(from: text.startIndex, to: word.startIndex)
            return start..<(start + word.utf8.count)
        }
    }
}
