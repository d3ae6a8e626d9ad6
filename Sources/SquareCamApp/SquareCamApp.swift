import SquareCamCore

/// The GTK app's entry point, called by `squarecam` with no command.
public enum SquareCamApp {
    /// Runs the app until its window closes; returns the process exit code.
    /// `cameraSpec` is `--camera`'s value (nil: the first camera found).
    public static func run(cameraSpec: String?) -> Int32 {
        FileHandleStandardError.write("squarecam: the app is not built yet; use `squarecam shoot`.\n")
        return 1
    }
}

private enum FileHandleStandardError {
    static func write(_ text: String) { print(text, terminator: "") }
}
