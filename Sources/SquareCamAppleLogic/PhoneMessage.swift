/// A sentence the iOS app shows, kept apart from its language: the shell
/// looks each key up in the app's Localizable.strings (the English key is
/// its own English text) and puts the arguments in for the `%@`s.
public indirect enum PhoneMessage: Hashable, Sendable {
    /// The app's own words: `key` is the English text, with `%@` (or `%1$@`,
    /// `%2$@`… where a translation reorders them) for each argument, in order.
    case localized(String, [PhoneMessage])
    /// Words that are not the app's (a camera's name, the system's own
    /// already translated detail): shown as they are.
    case verbatim(String)

    /// The key alone, for a sentence without arguments.
    public static func localized(_ key: String) -> PhoneMessage { .localized(key, []) }

    /// The sentence in the language `lookup` translates keys into (a key
    /// it does not know comes back as itself).
    public func text(translatedBy lookup: (String) -> String) -> String {
        switch self {
        case .verbatim(let text):
            text
        case .localized(let key, let arguments):
            Self.format(lookup(key), arguments.map { $0.text(translatedBy: lookup) })
        }
    }

    /// The English sentence.
    public var english: String { text { $0 } }

    /// Every key the sentence looks up, its arguments' included.
    public var keys: [String] {
        switch self {
        case .verbatim: []
        case .localized(let key, let arguments): [key] + arguments.flatMap(\.keys)
        }
    }

    /// `format` with `arguments` put in: `%@` takes the next argument, `%n$@`
    /// the n-th, `%%` is a percent sign. A placeholder without its argument
    /// is left out, never a crash (unlike `String(format:)` with a wrong count).
    public static func format(_ format: String, _ arguments: [String]) -> String {
        var result = ""
        var next = 0
        var index = format.startIndex
        while index < format.endIndex {
            guard format[index] == "%", let placeholder = placeholder(in: format, at: index) else {
                result.append(format[index])
                index = format.index(after: index)
                continue
            }
            if let position = placeholder.argument {
                let argument = position ?? next
                if position == nil { next += 1 }
                if arguments.indices.contains(argument) { result += arguments[argument] }
            } else {
                result.append("%")
            }
            index = placeholder.end
        }
        return result
    }

    /// The argument numbers (1-based) `format`'s placeholders take, in the
    /// order they appear: "%@ and %@" → [1, 2], "%2$@ then %1$@" → [2, 1].
    /// Nil when it holds a `%` that is none of `%@`, `%n$@` and `%%`.
    public static func placeholders(in format: String) -> [Int]? {
        var found: [Int] = []
        var next = 0
        var index = format.startIndex
        while index < format.endIndex {
            guard format[index] == "%" else {
                index = format.index(after: index)
                continue
            }
            guard let placeholder = placeholder(in: format, at: index) else { return nil }
            if let position = placeholder.argument {
                found.append((position ?? next) + 1)
                if position == nil { next += 1 }
            }
            index = placeholder.end
        }
        return found
    }

    /// The placeholder starting at `start` (a `%`): `argument` is nil for
    /// `%%`, `.some(nil)` for `%@`, `.some(n - 1)` for `%n$@`.
    private static func placeholder(in format: String, at start: String.Index) -> (argument: Int??, end: String.Index)? {
        var index = format.index(after: start)
        guard index < format.endIndex else { return nil }
        if format[index] == "%" { return (nil, format.index(after: index)) }
        if format[index] == "@" { return (.some(nil), format.index(after: index)) }
        var digits = ""
        while index < format.endIndex, format[index].isASCII, let digit = format[index].wholeNumberValue {
            digits += String(digit)
            index = format.index(after: index)
        }
        guard let number = Int(digits), number > 0, index < format.endIndex, format[index] == "$" else { return nil }
        index = format.index(after: index)
        guard index < format.endIndex, format[index] == "@" else { return nil }
        return (.some(number - 1), format.index(after: index))
    }
}
