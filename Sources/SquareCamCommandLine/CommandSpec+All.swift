extension CommandSpec {
    /// Every command `squarecam` knows, in the order `--help` lists them.
    /// `crop` runs in `squarecam` itself; the camera commands run in
    /// `squarecam-camera` (see CameraProgram), which loads GStreamer and GTK.
    package static let all: [CommandSpec] = [.shoot, .devices, .crop]
}
