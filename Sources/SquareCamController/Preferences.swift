import Foundation
import SquareCamCore

/// The user's choices that outlive the window, kept as `key=value` lines in
/// a file the front end names (on Linux `$XDG_CONFIG_HOME/squarecam/settings`:
/// no GSettings schema to install, so uninstalled and test runs behave the same).
@MainActor
public final class Preferences {
    /// Save right after the shutter, without review; off by default.
    public var saveWithoutReview = false { didSet { store() } }
    /// Play a shutter sound; on by default.
    public var shutterSound = true { didSet { store() } }
    /// Show the rule-of-thirds grid.
    public var showGrid = false { didSet { store() } }
    /// Show the round avatar guide over the viewfinder and the crop editor.
    public var showCircle = false { didSet { store() } }
    /// Let faces steer the square (follow the face).
    public var followFaces = false { didSet { store() } }
    /// Countdown before the shot: 0, 3 or 10 seconds.
    public var countdownSeconds = 0 { didSet { store() } }
    /// The side of saved photos: nil keeps the full-resolution square; 2048 or 1080 scale it down (never up).
    public var photoSide: Int? = nil { didSet { store() } }
    /// JPEG quality of saved photos, 50–100.
    public var jpegQuality = Preferences.defaultQuality { didSet { store() } }
    /// Record sound with videos (the microphone toggle); on by default.
    public var recordSound = true { didSet { store() } }
    /// Where photos are saved; nil: the Pictures folder's Camera folder.
    public var saveFolder: String? = nil { didSet { store() } }

    /// The sides the preferences offer.
    public static let photoSides: [Int?] = [nil, 2048, 1080]
    public static let defaultQuality = ImageDefaults.jpegQuality
    public static let qualityRange = 50...100

    private let path: String
    private var loading = false

    /// The preferences kept in `file` (made, with its folder, at the first change).
    public init(file: String) {
        path = file
        load()
    }

    private func load() {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return }
        loading = true
        defer { loading = false }
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { continue }
            switch parts[0] {
            case "save-without-review": saveWithoutReview = parts[1] == "true"
            case "shutter-sound": shutterSound = parts[1] == "true"
            case "grid": showGrid = parts[1] == "true"
            case "circle": showCircle = parts[1] == "true"
            case "follow-faces": followFaces = parts[1] == "true"
            case "countdown": countdownSeconds = [0, 3, 10].contains(Int(parts[1]) ?? 0) ? Int(parts[1]) ?? 0 : 0
            case "photo-size": photoSide = Self.photoSides.contains(Int(parts[1])) ? Int(parts[1]) : nil
            case "quality": jpegQuality = Int(parts[1]).map { min(max($0, Self.qualityRange.lowerBound), Self.qualityRange.upperBound) } ?? Self.defaultQuality
            case "record-sound": recordSound = parts[1] == "true"
            case "folder": saveFolder = parts[1].hasPrefix("/") ? parts[1] : nil
            default: continue
            }
        }
    }

    private func store() {
        guard !loading else { return }
        let text = """
            save-without-review=\(saveWithoutReview)
            shutter-sound=\(shutterSound)
            grid=\(showGrid)
            circle=\(showCircle)
            follow-faces=\(followFaces)
            countdown=\(countdownSeconds)
            photo-size=\(photoSide.map(String.init) ?? "full")
            quality=\(jpegQuality)
            record-sound=\(recordSound)
            folder=\(saveFolder ?? "")

            """
        // Preferences are a convenience: failing to keep them must not disturb taking photos.
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}
