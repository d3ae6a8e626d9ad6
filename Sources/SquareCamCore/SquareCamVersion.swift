/// The version of SquareCam, shown by `--version` and written to EXIF Software.
public enum SquareCamVersion {
    public static let number = "0.1.0"
    /// "SquareCam 0.1.0", as the EXIF Software tag carries it.
    public static let software = "SquareCam \(number)"
}
