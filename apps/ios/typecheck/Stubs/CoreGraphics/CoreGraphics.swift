// Stand-in for Apple's CoreGraphics, for type-checking the iOS shell on
// Linux: only the declarations the shell uses, each transcribed from the
// page cited above it. Never run: bodies are fatalError(). CGFloat, CGPoint,
// CGSize and CGRect are Linux Foundation's, re-exported from here as Apple's
// CoreGraphics declares them.
import Foundation
// https://developer.apple.com/documentation/corefoundation/cgfloat
@_exported import struct Foundation.CGFloat
// https://developer.apple.com/documentation/corefoundation/cgpoint
@_exported import struct Foundation.CGPoint
// https://developer.apple.com/documentation/corefoundation/cgsize
@_exported import struct Foundation.CGSize
// https://developer.apple.com/documentation/corefoundation/cgrect
@_exported import struct Foundation.CGRect

// https://developer.apple.com/documentation/coregraphics/cgimage
public final class CGImage {
    // https://developer.apple.com/documentation/coregraphics/cgimage/cropping(to:)
    public func cropping(to rect: CGRect) -> CGImage? { fatalError() }
}

// https://developer.apple.com/documentation/coregraphics/cgcolorspace
public final class CGColorSpace {}

// https://developer.apple.com/documentation/coregraphics/cgcolorspacecreatedevicergb()
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { fatalError() }

// https://developer.apple.com/documentation/coregraphics/cgimagealphainfo
public enum CGImageAlphaInfo: UInt32, Sendable {
    // https://developer.apple.com/documentation/coregraphics/cgimagealphainfo/premultipliedlast
    case premultipliedLast = 1
    // https://developer.apple.com/documentation/coregraphics/cgimagealphainfo/noneskiplast
    case noneSkipLast = 5
}

// https://developer.apple.com/documentation/coregraphics/cgcontext
public final class CGContext {
    // https://developer.apple.com/documentation/coregraphics/cgcontext/init(data:width:height:bitspercomponent:bytesperrow:space:bitmapinfo:)
    public init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
                 space: CGColorSpace, bitmapInfo: UInt32) { fatalError() }
    // https://developer.apple.com/documentation/coregraphics/cgcontext/data
    public var data: UnsafeMutableRawPointer? { fatalError() }
    // https://developer.apple.com/documentation/coregraphics/cgcontext/bytesperrow
    public var bytesPerRow: Int { fatalError() }
    // https://developer.apple.com/documentation/coregraphics/cgcontext/makeimage()
    public func makeImage() -> CGImage? { fatalError() }
}
