import Foundation
import SquareCamAppleLogic
import SquareCamCore
import Testing

/// The iOS app's words in English, Japanese and Korean: a sentence the
/// sources use without a translation, or a translation that lost a `%@`,
/// fails here rather than on a phone.
struct LocalizableStringsTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let app = root.appendingPathComponent("apps/ios/SquareCam.swiftpm/App")
    private static let translations = ["ja", "ko"]

    private func table(_ language: String, _ name: String) throws -> [String: String] {
        let url = Self.app.appendingPathComponent("Resources/\(language).lproj/\(name).strings")
        return try StringsFile.parse(String(contentsOf: url, encoding: .utf8))
    }

    /// `folder`'s Swift files, less their comment lines (which may quote a call).
    private func swiftSources(in folder: URL) throws -> [(name: String, text: String)] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().filter { $0.hasSuffix(".swift") }.map { name in
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let code = text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.drop { $0 == " " }.hasPrefix("//") }
            return (name, code.joined(separator: "\n"))
        }
    }

    /// The string literals `pattern`'s first group finds in `folder`'s Swift files, unescaped.
    private func literals(in folder: URL, matching pattern: Regex<(Substring, Substring)>) throws -> [String: String] {
        var found: [String: String] = [:]
        for (name, text) in try swiftSources(in: folder) {
            for match in text.matches(of: pattern) {
                found[StringsFile.unescape(match.output.1), default: name] = name
            }
        }
        return found
    }

    /// Every key the app looks up: SwiftUI's `Button("…")`, `Text("…")` and
    /// `LocalizedStringKey("…")` in the shell, `.localized("…")` in AppleLogic,
    /// and the shell's camera details.
    private func usedKeys() throws -> [String: String] {
        var keys = try literals(in: Self.app, matching: /(?:Button|Text|LocalizedStringKey)\(\s*"((?:[^"\\\n]|\\.)*)"/)
        keys.merge(try literals(in: Self.root.appendingPathComponent("Sources/SquareCamAppleLogic"),
                                matching: /\.localized\(\s*"((?:[^"\\\n]|\\.)*)"/)) { first, _ in first }
        for detail in CameraFailureDetail.allCases { keys[detail.rawValue] = "CameraFailureDetail" }
        return keys
    }

    @Test(arguments: ["Localizable", "InfoPlist"])
    func japaneseAndKoreanHaveExactlyTheEnglishKeysWithTheSamePlaceholders(table name: String) throws {
        let english = try table("en", name)
        #expect(!english.isEmpty)
        for language in Self.translations {
            let translated = try table(language, name)
            let missing = Set(english.keys).subtracting(translated.keys).sorted()
            let extra = Set(translated.keys).subtracting(english.keys).sorted()
            #expect(missing.isEmpty, "\(language).lproj/\(name).strings lacks \(missing)")
            #expect(extra.isEmpty, "\(language).lproj/\(name).strings has keys English has not: \(extra)")
            for (key, value) in translated {
                let wanted = try #require(PhoneMessage.placeholders(in: english[key] ?? key), "en: \(key)")
                let placeholders = try #require(PhoneMessage.placeholders(in: value), "\(language): \(value) has a placeholder other than %@, %n$@, %%")
                #expect(placeholders.sorted() == wanted.sorted(), "\(language): \(key) → \(value)")
                #expect(!value.isEmpty && value != key || key.allSatisfy { !$0.isLetter }, "\(language): \(key) is not translated")
            }
        }
    }

    @Test func englishLocalizableKeysAreTheirOwnText() throws {
        for (key, value) in try table("en", "Localizable") {
            #expect(key == value, "en: \(key) → \(value)")
            // The English key takes its arguments in order: %@ %@, never %2$@ %1$@.
            let placeholders = try #require(PhoneMessage.placeholders(in: key), "en: \(key)")
            #expect(placeholders == Array(0..<placeholders.count).map { $0 + 1 }, "en: \(key)")
        }
    }

    @Test func everyKeyTheSourcesUseIsInTheEnglishTable() throws {
        let english = try table("en", "Localizable")
        let used = try usedKeys()
        #expect(used.count > 40, "the scan found the sources' keys")
        for (key, file) in used.sorted(by: { $0.key < $1.key }) {
            #expect(!key.contains("\\("), "\(file): a key must not interpolate: \(key)")
            #expect(english[key] != nil, "\(file) uses \"\(key)\", which en.lproj/Localizable.strings lacks")
        }
        // And nothing stale: every English key is used somewhere.
        let unused = Set(english.keys).subtracting(used.keys).sorted()
        #expect(unused.isEmpty, "en.lproj/Localizable.strings has keys no source uses: \(unused)")
    }

    /// Every sentence AppleLogic makes, with its arguments.
    private var everyMessage: [PhoneMessage] {
        let failures: [CameraFailure] = [
            .noCamera, .permissionDenied(camera: "c"), .permissionRestricted(camera: "c"), .busy(camera: "c"), .disconnected(camera: "c"),
            .failed(camera: "c", detail: "d"), .unknownCamera(id: "i"), .portalUnavailable,
        ] + CameraFailureDetail.allCases.map { .failed(camera: "c", detail: $0.rawValue) }
        let writes: [PhotoWriteError] = [
            .folderMissing(path: "p"), .notAFolder(path: "p"), .readOnly(path: "p"), .permissionDenied(path: "p"),
            .diskFull(path: "p"), .alreadyExists(path: "p"), .io(path: "p", reason: "r"),
        ]
        let library: [PhotoLibraryProblem] = [.notAsked, .denied, .restricted, .failed(detail: "d"), .noFilesOnThisDevice, .notEncoded]
        let states: [CaptureFlow.State] = [.explainingPermission, .permissionPostponed, .permissionDenied, .permissionRestricted,
                                           .noCamera, .disconnected(camera: "c")] + failures.map { .failed($0) }
        let pages = states.compactMap { StatusPageContent(state: $0) }
        return failures.map { PhoneMessage($0) } + writes.map { PhoneMessage($0) } + library.map(\.message)
            + pages.flatMap { [$0.title, $0.detail] }
            + [.savedToPhotos, .noSettingsPage, .seconds(3), .photoNotTaken(PhoneMessage(CameraFailure.noCamera))]
    }

    private func parts(of message: PhoneMessage) -> [(key: String, arguments: Int)] {
        guard case .localized(let key, let arguments) = message else { return [] }
        return [(key, arguments.count)] + arguments.flatMap(parts(of:))
    }

    @Test func everySentenceIsTranslatedAndGetsAnArgumentForEachPlaceholder() throws {
        let english = try table("en", "Localizable")
        let translated = try Self.translations.map { try table($0, "Localizable") }
        for message in everyMessage {
            for (key, arguments) in parts(of: message) {
                #expect(english[key] != nil, "en lacks \(key)")
                #expect(PhoneMessage.placeholders(in: key)?.count == arguments, "\(key) gets \(arguments) arguments")
            }
            for table in translated {
                #expect(!message.text { table[$0] ?? "MISSING" }.contains("MISSING"))
            }
        }
    }

    @Test func theEnglishPurposeStringsAreTheInfoPlists() throws {
        let english = try table("en", "InfoPlist")
        let manifest = try String(contentsOf: Self.app.deletingLastPathComponent().appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(Set(english.keys) == ["NSCameraUsageDescription", "NSPhotoLibraryAddUsageDescription"])
        for (capability, key) in [("camera", "NSCameraUsageDescription"), ("photoLibraryAdd", "NSPhotoLibraryAddUsageDescription")] {
            let value = try #require(english[key])
            #expect(manifest.contains(".\(capability)(purposeString: \"\(value)\")"), "Package.swift's \(capability) purpose string is en's \(key)")
        }
    }

    @Test func theStringsParserReadsCommentsAndEscapes() throws {
        let parsed = try StringsFile.parse("""
        /* a comment with "quotes" = "no"; */
        // a line comment
        "a \\"b\\"" = "c\\\\d\\n";
        "x"="y";
        """)
        #expect(parsed == ["a \"b\"": "c\\d\n", "x": "y"])
        #expect(throws: StringsFile.Malformed.self) { try StringsFile.parse("\"a\" = \"b\"") }
        #expect(throws: StringsFile.Malformed.self) { try StringsFile.parse("\"a\" = \"b\";\n\"a\" = \"c\";") }
    }
}
