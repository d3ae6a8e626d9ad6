// Stand-in for Apple's Photos (PhotoKit), for type-checking the iOS shell
// on Linux: only the declarations the shell uses, each transcribed from the
// page cited above it. Never run: bodies are fatalError().
import Foundation

// https://developer.apple.com/documentation/photokit/phaccesslevel
public enum PHAccessLevel: Int, Sendable {
    case addOnly = 1
    case readWrite = 2
}

// https://developer.apple.com/documentation/photokit/phauthorizationstatus
public enum PHAuthorizationStatus: Int, Sendable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case authorized = 3
    case limited = 4
}

// https://developer.apple.com/documentation/photokit/phphotolibrary
open class PHPhotoLibrary: NSObject {
    // https://developer.apple.com/documentation/photokit/phphotolibrary/shared()
    open class func shared() -> PHPhotoLibrary { fatalError() }
    // https://developer.apple.com/documentation/photokit/phphotolibrary/authorizationstatus(for:)
    open class func authorizationStatus(for accessLevel: PHAccessLevel) -> PHAuthorizationStatus { fatalError() }
    // https://developer.apple.com/documentation/photokit/phphotolibrary/requestauthorization(for:handler:)
    // (the async form Swift imports it as)
    open class func requestAuthorization(for accessLevel: PHAccessLevel) async -> PHAuthorizationStatus { fatalError() }
    // https://developer.apple.com/documentation/photokit/phphotolibrary/performchangesandwait(_:)
    open func performChangesAndWait(_ changeBlock: @escaping () -> Void) throws { fatalError() }
}

// https://developer.apple.com/documentation/photokit/phchangerequest
open class PHChangeRequest: NSObject {}

// https://developer.apple.com/documentation/photokit/phassetchangerequest
open class PHAssetChangeRequest: PHChangeRequest {
    // https://developer.apple.com/documentation/photokit/phassetchangerequest/creationdate
    open var creationDate: Date?
}

// https://developer.apple.com/documentation/photokit/phassetcreationrequest
open class PHAssetCreationRequest: PHAssetChangeRequest {
    // https://developer.apple.com/documentation/photokit/phassetcreationrequest/forasset()
    open class func forAsset() -> Self { fatalError() }
    // https://developer.apple.com/documentation/photokit/phassetcreationrequest/addresource(with:data:options:)
    open func addResource(with type: PHAssetResourceType, data: Data, options: PHAssetResourceCreationOptions?) { fatalError() }
}

// https://developer.apple.com/documentation/photokit/phassetresourcetype
public enum PHAssetResourceType: Int, Sendable {
    case photo = 1
}

// https://developer.apple.com/documentation/photokit/phassetresourcecreationoptions
open class PHAssetResourceCreationOptions: NSObject {
    // https://developer.apple.com/documentation/photokit/phassetresourcecreationoptions/originalfilename
    open var originalFilename: String?
}
