// Stand-in for Apple's CoreMedia, for type-checking the iOS shell on Linux:
// only what the shell uses, each transcribed from the page cited above it.
import CoreVideo

// https://developer.apple.com/documentation/coremedia/cmsamplebuffer
public final class CMSampleBuffer {}

// https://developer.apple.com/documentation/coremedia/cmsamplebuffergetimagebuffer(_:)
public func CMSampleBufferGetImageBuffer(_ sbuf: CMSampleBuffer) -> CVImageBuffer? { fatalError() }
