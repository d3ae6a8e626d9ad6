/// Cameras coming and going, and looking again while the camera is away:
/// decided here, from plain facts the controller reports.
extension CaptureFlow {
    /// What the controller knows when its provider's list of cameras changes.
    public struct CameraListing: Hashable, Sendable, CustomStringConvertible {
        /// The cameras listed now, by id.
        public var ids: Set<String>
        /// The camera open now, or the one that was live before it went away.
        public var currentID: String?
        /// The name a person knows that camera by (for "Camera disconnected").
        public var currentName: String?
        /// Whether the controller still holds that camera open.
        public var currentIsOpen: Bool
        /// The camera the user asked for (`--camera`, the switcher), if any.
        public var preferredID: String?

        public init(ids: Set<String>, currentID: String? = nil, currentName: String? = nil,
                    currentIsOpen: Bool = false, preferredID: String? = nil) {
            self.ids = ids
            self.currentID = currentID
            self.currentName = currentName
            self.currentIsOpen = currentIsOpen
            self.preferredID = preferredID
        }

        var currentIsListed: Bool { currentID.map(ids.contains) ?? false }

        public var description: String { "listed: \(ids.sorted().joined(separator: ", "))" }
    }

    /// In how many seconds the controller should look again
    /// (`Event.retryDue`); nil: it should not. Every 2 s while the camera is
    /// busy. While it is unplugged, or PipeWire out of reach, and nothing
    /// watches the list for its return: every 2 s for the first half minute
    /// (a cable put back, PipeWire restarted), then every 10 s, as PipeWire
    /// may not run on this computer at all (a look through the portal starts
    /// a helper program: 7 % of a core at one look each 2 s).
    public func retrySeconds(listWatched: Bool) -> Double? {
        if case .failed(.busy) = state { return Self.quickLookSeconds }
        guard waitsForCameraReturn, !listWatched else { return nil }
        return looksWhileAway < Self.quickLooks ? Self.quickLookSeconds : Self.slowLookSeconds
    }

    static let quickLookSeconds = 2.0
    static let quickLooks = 15
    static let slowLookSeconds = 10.0

    /// The camera is away until a list brings it back: unplugged, or PipeWire out of reach.
    var waitsForCameraReturn: Bool {
        switch state {
        case .disconnected, .failed(.pipeWireUnreachable): true
        default: false
        }
    }

    mutating func retryDue() throws(Rejection) -> [Action] {
        switch state {
        case .failed(.busy): return try handle(.tryAgain)
        // A look, not a start: a list comes (camerasChanged) only once it can be had.
        case .disconnected, .failed(.pipeWireUnreachable):
            looksWhileAway += 1
            return [.listCameras]
        // The state moved on between the timer's start and its tick.
        default: return []
        }
    }

    mutating func camerasChanged(_ listing: CameraListing) throws(Rejection) -> [Action] {
        let currentIsListed = listing.currentIsListed
        switch state {
        case .noCamera:
            guard !listing.ids.isEmpty else { return [] }
            // The camera asked for is not among those that came: the first will do.
            let forget: [Action] = listing.preferredID.map(listing.ids.contains) == false ? [.forgetPreferredCamera] : []
            return forget + (try handle(.cameraAvailable))
        case .disconnected:
            guard currentIsListed || (listing.preferredID == nil && !listing.ids.isEmpty) else { return [] }
            return try handle(.cameraAvailable)
        case .failed(.unknownCamera(let id)) where id == listing.preferredID && listing.ids.contains(id):
            return try handle(.cameraAvailable)
        case .failed(.pipeWireUnreachable):
            // A list at all means PipeWire is back: start again (with no
            // camera in it, the start says so).
            return try handle(.cameraAvailable)
        case .failed(.failed(let camera, _)) where listing.currentID != nil && !currentIsListed:
            // It stopped sending pictures, and now its node is gone too: it
            // was unplugged, and it may come back (the stall was told first).
            let unplugged = try handle(.cameraFailed(.disconnected(camera: camera)))
            return unplugged + (try camerasChanged(listing))
        case .live, .capturing, .recording:
            // A PipeWire node can vanish without its stream reporting an error.
            // (Not while starting: a new PipeWire connection sees its nodes a
            // moment late, and a camera that never comes fails its start anyway.)
            guard listing.currentIsOpen, let id = listing.currentID, !currentIsListed else { return [] }
            let unplugged = try handle(.cameraFailed(.disconnected(camera: listing.currentName ?? id)))
            // The same list may already hold another camera to go on with.
            var stopped = listing
            stopped.currentIsOpen = false
            return unplugged + (try camerasChanged(stopped))
        case .reviewing, .editing, .saving:
            if pendingCameraFailure != nil {
                return currentIsListed ? try handle(.cameraAvailable) : []
            }
            guard !cameraNeedsRestart, listing.currentIsOpen, let id = listing.currentID, !currentIsListed else { return [] }
            return try handle(.cameraFailed(.disconnected(camera: listing.currentName ?? id)))
        default:
            return []
        }
    }
}
