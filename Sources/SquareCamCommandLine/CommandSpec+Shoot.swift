import SquareCamCore

extension CommandSpec {
    /// `squarecam shoot`: its options and help.
    package static let shoot = CommandSpec(
        name: "shoot",
        summary: "Takes one square photo (the centre square of the camera frame, or a zoomed square, or one on the faces) and prints where it was saved.",
        usage: "[options]",
        options: [
            .value("camera", short: "c", "CAMERA", "auto (default: the first real camera, else the test pattern), test[:WxH[@FPS]], file:PATH (a JPEG, PNG or HEIF/HEIC image, as crop reads), or an id from 'squarecam devices'."),
            .value("size", short: "s", "N", "Side of the saved square in pixels, \(ImageDefaults.squareSides.lowerBound) to \(ImageDefaults.squareSides.upperBound) (default, and the most it gets: the full-resolution square; never enlarged)."),
            .value("quality", short: "q", "Q", "JPEG quality, 1-100 (default \(ImageDefaults.jpegQuality))."),
            .value("output", short: "o", "FILE|DIR|-", "Where to save: a .jpg file; a folder to save into under a time-stamped name (created with its parents when the name ends in /); or - to write the JPEG to standard output, saving no file (one photo, not with --json) (default: the Pictures/Camera folder)."),
            .flag("overwrite", "Replace the --output file if it exists (otherwise that is an error)."),
            .value("delay", short: "d", "S", "Wait S seconds (decimals allowed) after the camera starts before taking the photo."),
            .value("mode", "WxH[@FPS]", "Ask the camera for this mode (see 'squarecam devices'); without it the nearest one it offers is used."),
            .value("skip", "N", "Skip the first N frames, while a webcam's exposure settles (default 0 for the test pattern, 5 for real cameras)."),
            .value("count", "N", "Take N photos (default 1), each of a new frame, one every --interval seconds, each printed as it is saved. In a folder they are named after the first photo's time with a number, SquareCam_YYYYMMDD_HHMMSS_001.jpg and on (three digits, more when N needs them), so they sort in the order taken."),
            .value("interval", "S", "Seconds from one photo to the next, with --count only (default 0: each next frame, as fast as the photos are saved)."),
            .value("zoom", short: "z", "Z", "Zoom in: the square's side is the frame's short side divided by Z, 1 to \(Int(SquareFraming.maximumZoom)) (default 1, decimals allowed); the photo is that square at the camera's full resolution. With --size larger than that square the photo stays its size (never enlarged), and a note says so."),
            .flag("follow-face", "Put the square on the faces in the frame (all of them when they fit, with room for the head; otherwise the largest), as the app's Follow the Face does; without a face the square stays centred and a note says so."),
            .flag("mirror", "Save the photo mirrored left to right, as a front camera's viewfinder shows it."),
            .flag("require-camera", "Fail (exit 3) instead of falling back to the test pattern when no real camera is found."),
            .flag("json", "Print a JSON object (path, width, height, the square taken from the frame, faces found with --follow-face, camera, timings) instead of the path; not with -o -."),
        ],
        acceptsOperands: false,
        examples: [
            ("squarecam shoot", "a photo from the first camera into ~/Pictures/Camera"),
            ("squarecam shoot --size 1080 --output avatar.jpg", "a 1080x1080 photo saved as avatar.jpg"),
            ("squarecam shoot --camera /dev/video2 --delay 3 --skip 10", "wait for exposure, then shoot from the second camera"),
            ("squarecam shoot --camera test:3840x2160 --json", "a 2160x2160 test photo; prints path, size and timings as JSON"),
            ("squarecam shoot --count 10 --interval 60 --output timelapse/", "a photo a minute for ten minutes: timelapse/SquareCam_…_001.jpg to _010.jpg"),
            ("squarecam shoot --follow-face --zoom 2 -o me.jpg", "a head-and-shoulders square on your face, from half the frame's height"),
            ("squarecam shoot --size 640 -o - | curl -T - https://example.org/cam.jpg", "the JPEG on standard output (messages on standard error); no file saved"),
        ],
        notes: [
            "Where a camera portal runs (GNOME, KDE, phones), it is asked for the camera first (exit 4 when it refuses); --camera test and file: ask nobody.",
            ExitCode.helpParagraph([.success, .usage, .noCamera, .permissionDenied, .cameraFailed, .writeFailed]),
        ]
    )
}
