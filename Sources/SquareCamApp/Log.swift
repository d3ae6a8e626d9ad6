import Foundation

/// Messages for the terminal the app was started from.
enum Log {
    /// Writes one line to standard error.
    static func line(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
