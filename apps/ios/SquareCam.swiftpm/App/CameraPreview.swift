import AVFoundation
import SwiftUI
import UIKit

/// The live camera, drawn by the system's preview layer.
struct CameraPreview: UIViewRepresentable {
    let camera: AVFoundationCamera

    func makeUIView(context: Context) -> PreviewView {
        PreviewView()
    }

    func updateUIView(_ view: PreviewView, context: Context) {
        guard view.camera !== camera else { return }
        view.camera = camera
        camera.attachPreview(view.previewLayer)
    }
}

/// A view whose own layer is the preview layer, so it always has the view's size.
final class PreviewView: UIView {
    var camera: AVFoundationCamera?

    override class var layerClass: AnyClass { AVCaptureVideoPreviewLayer.self }

    var previewLayer: AVCaptureVideoPreviewLayer {
        // layerClass makes the layer one.
        layer as! AVCaptureVideoPreviewLayer
    }
}
