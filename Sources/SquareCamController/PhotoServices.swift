import SquareCamCore

/// How photos are made and kept, given by the front end, so the controller
/// links no codec and knows no folder layout (Linux: SquareCamImaging's
/// `SquarePhotoEncoder` and `PhotoLibrary`).
public struct PhotoServices: Sendable {
    public var encoder: any PhotoEncoder
    /// The store for the folder the preferences name, or (nil) the default
    /// one; asked at each save, as the user's Pictures folder may move.
    public var store: @Sendable (_ folder: String?) -> any PhotoStore
    /// The folder recordings go into; asked at each recording.
    public var videosFolder: @Sendable () -> String

    public init(encoder: any PhotoEncoder, store: @escaping @Sendable (String?) -> any PhotoStore,
                videosFolder: @escaping @Sendable () -> String) {
        self.encoder = encoder
        self.store = store
        self.videosFolder = videosFolder
    }
}
