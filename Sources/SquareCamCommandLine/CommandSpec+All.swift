extension CommandSpec {
    /// Every command `squarecam` knows, in the order `--help` lists them.
    /// The `squarecam` launcher runs `crop` in squarecam-crop and the camera
    /// commands in squarecam-gst (see Sources/squarecam/main.c).
    package static let all: [CommandSpec] = [.shoot, .record, .recover, .scan, .devices, .crop]
}
