import Foundation
import Photos
import SquareCamAppleLogic
import SquareCamCore

/// Saved photos go into the photo library, with add-only access: SquareCam
/// never reads the library. A refusal or failure is thrown in words
/// (`PhotoLibraryProblem`), and the photo stays on the review page.
struct PhotoLibraryStore: PhotoStore {
    var folder: String { "Photos" }

    /// Adds the photo as a new asset named `name(1)`; returns that name.
    /// Called off the main thread (the controller saves in a detached task), so waiting here is fine.
    func save(_ bytes: [UInt8], name: (Int) -> String) throws -> String {
        if let refusal = PhotoLibraryAccess.status().refusal { throw refusal }
        let fileName = name(1)
        let data = Data(bytes)
        do {
            try PHPhotoLibrary.shared().performChangesAndWait {
                let request = PHAssetCreationRequest.forAsset()
                request.creationDate = Date()
                let options = PHAssetResourceCreationOptions()
                options.originalFilename = fileName
                request.addResource(with: .photo, data: data, options: options)
            }
        } catch {
            throw PhotoLibraryProblem.failed(detail: error.localizedDescription)
        }
        return fileName
    }

    /// Save As… is not offered on the phone.
    func write(_ bytes: [UInt8], toPath path: String) throws {
        throw PhotoLibraryProblem.noFilesOnThisDevice
    }

    /// Add-only access cannot read the library, so there is no last-photo thumbnail.
    func newestPhoto() -> String? { nil }
}

/// The add-only photo-library authorization: asked before Save, read by the store.
enum PhotoLibraryAccess {
    static func status() -> PhotoLibraryStatus {
        PhotoLibraryStatus(appleRawValue: PHPhotoLibrary.authorizationStatus(for: .addOnly).rawValue)
    }

    /// Shows the system's question if it was never answered; the answer.
    static func requestAddOnly() async -> PhotoLibraryStatus {
        PhotoLibraryStatus(appleRawValue: await PHPhotoLibrary.requestAuthorization(for: .addOnly).rawValue)
    }
}
