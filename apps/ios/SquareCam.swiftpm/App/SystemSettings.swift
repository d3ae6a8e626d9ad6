import Foundation
import UIKit

/// The app's own page in the Settings app, where the camera and photo
/// library answers can be changed.
enum SystemSettings {
    /// Opens it; false if iOS gave no address for it.
    @MainActor
    static func openAppSettings() -> Bool {
        guard let url = URL(string: UIApplication.openSettingsURLString) else { return false }
        UIApplication.shared.open(url)
        return true
    }
}
