// Stand-in for Apple's UIKit, for type-checking the iOS shell on Linux:
// only the declarations the shell uses, each transcribed from the page
// cited above it. Never run: bodies are fatalError().
// UIKit re-exports Foundation, CoreGraphics and QuartzCore on Apple's platforms.
@_exported import CoreGraphics
@_exported import Foundation
@_exported import QuartzCore

// https://developer.apple.com/documentation/uikit/uiresponder
@MainActor
open class UIResponder: NSObject {}

// https://developer.apple.com/documentation/uikit/uiview
@MainActor
open class UIView: UIResponder {
    // https://developer.apple.com/documentation/uikit/uiview/layerclass
    open class var layerClass: AnyClass { fatalError() }
    // https://developer.apple.com/documentation/uikit/uiview/layer
    open var layer: CALayer { fatalError() }
}

// https://developer.apple.com/documentation/uikit/uiimage
open class UIImage: NSObject, @unchecked Sendable {
    // https://developer.apple.com/documentation/uikit/uiimage/init(cgimage:)
    public init(cgImage: CGImage) { fatalError() }
    // https://developer.apple.com/documentation/uikit/uiimage/jpegdata(compressionquality:)
    public func jpegData(compressionQuality: CGFloat) -> Data? { fatalError() }
    // https://developer.apple.com/documentation/uikit/uiimage/pngdata()
    public func pngData() -> Data? { fatalError() }
}

// https://developer.apple.com/documentation/uikit/uiapplication
@MainActor
open class UIApplication: UIResponder {
    // https://developer.apple.com/documentation/uikit/uiapplication/shared
    open class var shared: UIApplication { fatalError() }
    // https://developer.apple.com/documentation/uikit/uiapplication/opensettingsurlstring
    public class var openSettingsURLString: String { fatalError() }
    // https://developer.apple.com/documentation/uikit/uiapplication/open(_:options:completionhandler:)
    open func open(_ url: URL, options: [UIApplication.OpenExternalURLOptionsKey: Any] = [:],
                   completionHandler completion: (@MainActor @Sendable (Bool) -> Void)? = nil) { fatalError() }

    // https://developer.apple.com/documentation/uikit/uiapplication/openexternalurloptionskey
    public struct OpenExternalURLOptionsKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }
}
