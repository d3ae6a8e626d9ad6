import SquareCamCore

/// The built-in test camera and image-file cameras, as listed cameras.
public enum TestCamera {
    /// The id of the default test camera (`--camera test`).
    public static let id = "test"

    /// The test pattern at its default size, as `squarecam devices` lists it.
    public static var description: CameraDescription {
        description(size: CameraSpec.defaultTestSize, framesPerSecond: CameraSpec.defaultTestFramesPerSecond)
    }

    /// The test pattern at a given size and rate (or, `flashes`, the A/V sync signal).
    public static func description(size: PixelSize, framesPerSecond: Int, flashes: Bool = false) -> CameraDescription {
        let isDefault = size == CameraSpec.defaultTestSize && framesPerSecond == CameraSpec.defaultTestFramesPerSecond && !flashes
        return CameraDescription(
            id: isDefault ? id : CameraSpec.test(size: size, framesPerSecond: framesPerSecond, flashes: flashes).description,
            name: flashes ? "A/V sync signal" : "Test pattern",
            facing: .virtual,
            modes: [CameraMode(size: size, framesPerSecond: Double(framesPerSecond), format: "I420")]
        )
    }

    /// A still image shown as a live camera (`file:PATH`).
    public static func imageFile(path: String) -> CameraDescription {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return CameraDescription(id: CameraSpec.file(path: path).description, name: name, facing: .virtual, modes: [])
    }
}
