import Foundation
import SquareCamAppleLogic
import SquareCamController

extension PhoneMessage {
    /// The sentence in the user's language: each key looked up in the app's
    /// Localizable.strings (the table SwiftUI's `Text("…")` reads too); a key
    /// missing there shows in English.
    var localizedText: String {
        text { Bundle.main.localizedString(forKey: $0, value: nil, table: nil) }
    }

    /// A problem the shared controller reports, in a phone's words: its
    /// `description` is a desktop's, so the case picks the sentence.
    init(_ problem: CaptureProblem) {
        switch problem {
        case .camera(let failure): self.init(failure)
        case .write(let error): self.init(error)
        case .other(let text): self.init(problemText: text)
        }
    }
}
