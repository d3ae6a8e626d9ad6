#if canImport(Glibc)
import Glibc
#endif
import SquareCamCore

/// Where the face model's plain bytes are kept between runs:
/// `$XDG_CACHE_HOME/squarecam/dlib-VERSION-frontal-faces.model`.
///
/// Unpacking dlib's compiled-in model took 250 ms here, more than a whole
/// 12 MP crop; reading its plain bytes takes 2 ms. The first search of a
/// user's first run unpacks it and writes the file (atomically, through
/// AtomicFileWriter); a file that cannot be read as a model (damaged, or from
/// another dlib) is unpacked and written again. A cache that cannot be
/// written costs the 250 ms on every run, nothing else.
public enum FaceModelCache {
    /// The process's model, made on first use; nil only when dlib could not make one at all.
    public static let shared: FaceModel? = load(folder: folder(environment: ProcessEnvironment.current))

    /// Plain bytes larger than this are no model of ours (dlib's is 155 KB).
    static let largestModelBytes = 4 << 20

    /// `$XDG_CACHE_HOME` when absolute (the spec ignores a relative one), else `~/.cache`, then `squarecam`.
    static func folder(environment: [String: String]) -> String {
        let cacheHome = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? XDGBaseDirectories.home(environment: environment) + "/.cache"
        return cacheHome + "/squarecam"
    }

    static func file(inFolder folder: String) -> String {
        folder + "/dlib-\(FaceModel.dlibVersion)-frontal-faces.model"
    }

    /// The model from the cache file in `folder`, or unpacked from dlib (and the file written).
    static func load(folder: String) -> FaceModel? {
        let path = file(inFolder: folder)
        if let bytes = try? PhotoFileReader.read(path, limit: largestModelBytes).bytes,
           let model = FaceModel(plainBytes: bytes) {
            return model
        }
        guard let model = FaceModel.builtin() else { return nil }
        if let bytes = model.plainBytes {
            // Private to the user, as ~/.cache is; a failure leaves the next run to try again.
            mkdir(folder.deletingLastPathComponent, 0o700)
            mkdir(folder, 0o700)
            try? AtomicFileWriter.write(bytes, toPath: path, replaceExisting: true)
        }
        return model
    }
}
