/// Defaults that the imaging library, the programs' options and their help
/// texts share: defined here once, so a help text cannot drift from the code.
public enum ImageDefaults {
    /// Headers claiming more pixels than this are refused before anything is
    /// decoded (a decompression bomb's guard): 200 MP, above any camera's.
    public static let maxPixels = 200_000_000
    /// The JPEG quality of every JPEG SquareCam writes unless told otherwise:
    /// the camera's photos (shoot, the app) and crop's squares alike.
    public static let jpegQuality = 92
    /// The sides a square photo may be given (`shoot --size`, `crop --size`):
    /// one range for every command; 65,535 is the largest side a JPEG can have.
    public static let squareSides = 1...65_535
}
