// Stand-in for Apple's CoreVideo, for type-checking the iOS shell on Linux:
// only what the shell uses, each transcribed from the page cited above it.
// Imported C functions are implicitly @discardableResult in Swift; so are these.
import Foundation

/// Linux has no CoreFoundation types bridged to Swift's: `CFString` stands
/// in as `String`, so the shell's `kCVPixelBufferPixelFormatTypeKey as String`
/// (toll-free bridging on Apple's platforms) type-checks here too.
// https://developer.apple.com/documentation/corefoundation/cfstring
public typealias CFString = String

// https://developer.apple.com/documentation/kernel/ostype
public typealias OSType = UInt32

// https://developer.apple.com/documentation/corevideo/cvreturn
public typealias CVReturn = Int32

// https://developer.apple.com/documentation/corevideo/cvbuffer
public final class CVBuffer {}
// https://developer.apple.com/documentation/corevideo/cvimagebuffer
public typealias CVImageBuffer = CVBuffer
// https://developer.apple.com/documentation/corevideo/cvpixelbuffer
public typealias CVPixelBuffer = CVImageBuffer

// https://developer.apple.com/documentation/corevideo/cvpixelbufferlockflags
public struct CVPixelBufferLockFlags: OptionSet, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    // https://developer.apple.com/documentation/corevideo/cvpixelbufferlockflags/readonly
    public static let readOnly = CVPixelBufferLockFlags(rawValue: 1)
}

// https://developer.apple.com/documentation/corevideo/kcvpixelbufferpixelformattypekey
public let kCVPixelBufferPixelFormatTypeKey: CFString = "PixelFormatType"
// https://developer.apple.com/documentation/corevideo/kcvpixelformattype_32bgra
public var kCVPixelFormatType_32BGRA: OSType { fatalError() }

// https://developer.apple.com/documentation/corevideo/cvpixelbufferlockbaseaddress(_:_:)
@discardableResult
public func CVPixelBufferLockBaseAddress(_ pixelBuffer: CVPixelBuffer, _ lockFlags: CVPixelBufferLockFlags) -> CVReturn { fatalError() }
// https://developer.apple.com/documentation/corevideo/cvpixelbufferunlockbaseaddress(_:_:)
@discardableResult
public func CVPixelBufferUnlockBaseAddress(_ pixelBuffer: CVPixelBuffer, _ unlockFlags: CVPixelBufferLockFlags) -> CVReturn { fatalError() }
// https://developer.apple.com/documentation/corevideo/cvpixelbuffergetbaseaddress(_:)
public func CVPixelBufferGetBaseAddress(_ pixelBuffer: CVPixelBuffer) -> UnsafeMutableRawPointer? { fatalError() }
// https://developer.apple.com/documentation/corevideo/cvpixelbuffergetbytesperrow(_:)
public func CVPixelBufferGetBytesPerRow(_ pixelBuffer: CVPixelBuffer) -> Int { fatalError() }
// https://developer.apple.com/documentation/corevideo/cvpixelbuffergetwidth(_:)
public func CVPixelBufferGetWidth(_ pixelBuffer: CVPixelBuffer) -> Int { fatalError() }
// https://developer.apple.com/documentation/corevideo/cvpixelbuffergetheight(_:)
public func CVPixelBufferGetHeight(_ pixelBuffer: CVPixelBuffer) -> Int { fatalError() }
