// Stand-in for Apple's AVFoundation, for type-checking the iOS shell on
// Linux: only the declarations the shell uses, each transcribed from the
// page cited above it. Never run: bodies are fatalError().
//
// Delegate methods that are optional in Apple's Objective-C protocols are
// required here (Linux has no @objc optional): a shell method with a
// misspelt name then fails to conform instead of silently never being called.
import CoreMedia
import Foundation
import QuartzCore

// https://developer.apple.com/documentation/avfoundation/avmediatype
public struct AVMediaType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    // https://developer.apple.com/documentation/avfoundation/avmediatype/video
    public static let video = AVMediaType(rawValue: "vide")
}

// https://developer.apple.com/documentation/avfoundation/avauthorizationstatus
public enum AVAuthorizationStatus: Int, Sendable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case authorized = 3
}

// https://developer.apple.com/documentation/avfoundation/avcapturedevice
open class AVCaptureDevice: NSObject {
    // https://developer.apple.com/documentation/avfoundation/avcapturedevice/init(uniqueid:)
    public convenience init?(uniqueID deviceUniqueID: String) { fatalError() }
    // https://developer.apple.com/documentation/avfoundation/avcapturedevice/authorizationstatus(for:)
    open class func authorizationStatus(for mediaType: AVMediaType) -> AVAuthorizationStatus { fatalError() }
    // https://developer.apple.com/documentation/avfoundation/avcapturedevice/requestaccess(for:completionhandler:)
    // (the async form Swift imports it as)
    open class func requestAccess(for mediaType: AVMediaType) async -> Bool { fatalError() }
    // https://developer.apple.com/documentation/avfoundation/avcapturedevice/uniqueid
    open var uniqueID: String { fatalError() }
    // https://developer.apple.com/documentation/avfoundation/avcapturedevice/localizedname
    open var localizedName: String { fatalError() }
    // https://developer.apple.com/documentation/avfoundation/avcapturedevice/position-swift.property
    open var position: AVCaptureDevice.Position { fatalError() }
    // https://developer.apple.com/documentation/avfoundation/avcapturedevice/devicetype-swift.property
    open var deviceType: AVCaptureDevice.DeviceType { fatalError() }
    // https://developer.apple.com/documentation/avfoundation/avcapturedevice/wasconnectednotification
    public class var wasConnectedNotification: NSNotification.Name { fatalError() }
    // https://developer.apple.com/documentation/avfoundation/avcapturedevice/wasdisconnectednotification
    public class var wasDisconnectedNotification: NSNotification.Name { fatalError() }

    // https://developer.apple.com/documentation/avfoundation/avcapturedevice/position-swift.enum
    public enum Position: Int, Sendable {
        case unspecified = 0
        case back = 1
        case front = 2
    }

    // https://developer.apple.com/documentation/avfoundation/avcapturedevice/devicetype-swift.struct
    public struct DeviceType: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        // https://developer.apple.com/documentation/avfoundation/avcapturedevice/devicetype-swift.struct/builtintriplecamera
        public static let builtInTripleCamera = DeviceType(rawValue: "AVCaptureDeviceTypeBuiltInTripleCamera")
        // https://developer.apple.com/documentation/avfoundation/avcapturedevice/devicetype-swift.struct/builtindualwidecamera
        public static let builtInDualWideCamera = DeviceType(rawValue: "AVCaptureDeviceTypeBuiltInDualWideCamera")
        // https://developer.apple.com/documentation/avfoundation/avcapturedevice/devicetype-swift.struct/builtindualcamera
        public static let builtInDualCamera = DeviceType(rawValue: "AVCaptureDeviceTypeBuiltInDualCamera")
        // https://developer.apple.com/documentation/avfoundation/avcapturedevice/devicetype-swift.struct/builtinwideanglecamera
        public static let builtInWideAngleCamera = DeviceType(rawValue: "AVCaptureDeviceTypeBuiltInWideAngleCamera")
        // https://developer.apple.com/documentation/avfoundation/avcapturedevice/devicetype-swift.struct/external
        public static let external = DeviceType(rawValue: "AVCaptureDeviceTypeExternal")
    }

    // https://developer.apple.com/documentation/avfoundation/avcapturedevice/discoverysession
    open class DiscoverySession: NSObject {
        // https://developer.apple.com/documentation/avfoundation/avcapturedevice/discoverysession/init(devicetypes:mediatype:position:)
        public convenience init(deviceTypes: [AVCaptureDevice.DeviceType], mediaType: AVMediaType?, position: AVCaptureDevice.Position) { fatalError() }
        // https://developer.apple.com/documentation/avfoundation/avcapturedevice/discoverysession/devices
        open var devices: [AVCaptureDevice] { fatalError() }
    }

    // https://developer.apple.com/documentation/avfoundation/avcapturedevice/rotationcoordinator
    open class RotationCoordinator: NSObject {
        // https://developer.apple.com/documentation/avfoundation/avcapturedevice/rotationcoordinator/init(device:previewlayer:)
        public init(device: AVCaptureDevice, previewLayer: CALayer?) { fatalError() }
        // https://developer.apple.com/documentation/avfoundation/avcapturedevice/rotationcoordinator/videorotationangleforhorizonlevelpreview
        open var videoRotationAngleForHorizonLevelPreview: CGFloat { fatalError() }
        // https://developer.apple.com/documentation/avfoundation/avcapturedevice/rotationcoordinator/videorotationangleforhorizonlevelcapture
        open var videoRotationAngleForHorizonLevelCapture: CGFloat { fatalError() }
    }
}

// https://developer.apple.com/documentation/avfoundation/avcapturesession
open class AVCaptureSession: NSObject {
    // https://developer.apple.com/documentation/avfoundation/avcapturesession/init()
    public override init() { fatalError() }
    // https://developer.apple.com/documentation/avfoundation/avcapturesession/sessionpreset
    open var sessionPreset: AVCaptureSession.Preset
    // https://developer.apple.com/documentation/avfoundation/avcapturesession/beginconfiguration()
    open func beginConfiguration() { fatalError() }
    // https://developer.apple.com/documentation/avfoundation/avcapturesession/commitconfiguration()
    open func commitConfiguration() { fatalError() }
    // https://developer.apple.com/documentation/avfoundation/avcapturesession/canaddinput(_:)
    open func canAddInput(_ input: AVCaptureInput) -> Bool { fatalError() }
    // https://developer.apple.com/documentation/avfoundation/avcapturesession/addinput(_:)
    open func addInput(_ input: AVCaptureInput) { fatalError() }
    // https://developer.apple.com/documentation/avfoundation/avcapturesession/canaddoutput(_:)
    open func canAddOutput(_ output: AVCaptureOutput) -> Bool { fatalError() }
    // https://developer.apple.com/documentation/avfoundation/avcapturesession/addoutput(_:)
    open func addOutput(_ output: AVCaptureOutput) { fatalError() }
    // https://developer.apple.com/documentation/avfoundation/avcapturesession/startrunning()
    open func startRunning() { fatalError() }
    // https://developer.apple.com/documentation/avfoundation/avcapturesession/stoprunning()
    open func stopRunning() { fatalError() }
    // https://developer.apple.com/documentation/avfoundation/avcapturesession/runtimeerrornotification
    public class var runtimeErrorNotification: NSNotification.Name { fatalError() }

    // https://developer.apple.com/documentation/avfoundation/avcapturesession/preset
    public struct Preset: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        // https://developer.apple.com/documentation/avfoundation/avcapturesession/preset/photo
        public static let photo = Preset(rawValue: "AVCaptureSessionPresetPhoto")
    }
}

// https://developer.apple.com/documentation/avfoundation/avcapturesessionerrorkey
public let AVCaptureSessionErrorKey: String = "AVCaptureSessionErrorKey"

// https://developer.apple.com/documentation/avfoundation/avcaptureinput
open class AVCaptureInput: NSObject {}

// https://developer.apple.com/documentation/avfoundation/avcapturedeviceinput
open class AVCaptureDeviceInput: AVCaptureInput {
    // https://developer.apple.com/documentation/avfoundation/avcapturedeviceinput/init(device:)
    public init(device: AVCaptureDevice) throws { fatalError() }
}

// https://developer.apple.com/documentation/avfoundation/avcaptureoutput
open class AVCaptureOutput: NSObject {}

// https://developer.apple.com/documentation/avfoundation/avcapturevideodataoutput
open class AVCaptureVideoDataOutput: AVCaptureOutput {
    // https://developer.apple.com/documentation/avfoundation/avcapturevideodataoutput/init()
    public override init() { fatalError() }
    // https://developer.apple.com/documentation/avfoundation/avcapturevideodataoutput/videosettings
    open var videoSettings: [String: Any]!
    // https://developer.apple.com/documentation/avfoundation/avcapturevideodataoutput/alwaysdiscardslatevideoframes
    open var alwaysDiscardsLateVideoFrames: Bool
    // https://developer.apple.com/documentation/avfoundation/avcapturevideodataoutput/setsamplebufferdelegate(_:queue:)
    open func setSampleBufferDelegate(_ sampleBufferDelegate: (any AVCaptureVideoDataOutputSampleBufferDelegate)?,
                                      queue sampleBufferCallbackQueue: DispatchQueue?) { fatalError() }
}

// https://developer.apple.com/documentation/avfoundation/avcapturevideodataoutputsamplebufferdelegate
public protocol AVCaptureVideoDataOutputSampleBufferDelegate: NSObjectProtocol {
    // https://developer.apple.com/documentation/avfoundation/avcapturevideodataoutputsamplebufferdelegate/captureoutput(_:didoutput:from:)
    func captureOutput(_ output: AVCaptureOutput, didOutput sampleBuffer: CMSampleBuffer, from connection: AVCaptureConnection)
}

// https://developer.apple.com/documentation/avfoundation/avcaptureconnection
open class AVCaptureConnection: NSObject {
    // https://developer.apple.com/documentation/avfoundation/avcaptureconnection/isvideorotationanglesupported(_:)
    open func isVideoRotationAngleSupported(_ videoRotationAngle: CGFloat) -> Bool { fatalError() }
    // https://developer.apple.com/documentation/avfoundation/avcaptureconnection/videorotationangle
    open var videoRotationAngle: CGFloat
    // https://developer.apple.com/documentation/avfoundation/avcaptureconnection/isvideomirroringsupported
    open var isVideoMirroringSupported: Bool { fatalError() }
    // https://developer.apple.com/documentation/avfoundation/avcaptureconnection/automaticallyadjustsvideomirroring
    open var automaticallyAdjustsVideoMirroring: Bool
    // https://developer.apple.com/documentation/avfoundation/avcaptureconnection/isvideomirrored
    open var isVideoMirrored: Bool

    private override init() { fatalError() }
}

// https://developer.apple.com/documentation/avfoundation/avcapturevideopreviewlayer
open class AVCaptureVideoPreviewLayer: CALayer {
    // https://developer.apple.com/documentation/avfoundation/avcapturevideopreviewlayer/session
    open var session: AVCaptureSession?
    // https://developer.apple.com/documentation/avfoundation/avcapturevideopreviewlayer/videogravity
    open var videoGravity: AVLayerVideoGravity
    // https://developer.apple.com/documentation/avfoundation/avcapturevideopreviewlayer/connection
    open var connection: AVCaptureConnection? { fatalError() }

    private override init() { fatalError() }
}

// https://developer.apple.com/documentation/avfoundation/avlayervideogravity
public struct AVLayerVideoGravity: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    // https://developer.apple.com/documentation/avfoundation/avlayervideogravity/resizeaspectfill
    public static let resizeAspectFill = AVLayerVideoGravity(rawValue: "AVLayerVideoGravityResizeAspectFill")
}
