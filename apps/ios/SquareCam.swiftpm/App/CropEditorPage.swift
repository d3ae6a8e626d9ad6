import SquareCamCore
import SwiftUI
import UIKit

/// The crop editor: the whole frame fitted to the screen, the square box
/// over it; drag moves the box, pinch zooms it. `SquareCropBox` keeps the
/// box inside the frame and lets it reach every edge.
struct CropEditorPage: View {
    let frameSize: PixelSize
    let picture: UIImage
    let done: (PixelRect) -> Void
    let cancel: () -> Void
    @State private var box: SquareCropBox
    /// The box when the gesture began: each change applies the whole
    /// gesture to it, so rounding never accumulates.
    @State private var boxAtGestureStart: SquareCropBox?

    init(photo: CapturedPhoto, picture: UIImage, done: @escaping (PixelRect) -> Void, cancel: @escaping () -> Void) {
        frameSize = photo.frameSize
        self.picture = picture
        self.done = done
        self.cancel = cancel
        _box = State(initialValue: SquareCropBox(frameSize: photo.frameSize, rect: photo.crop))
    }

    var body: some View {
        VStack(spacing: 24) {
            GeometryReader { proxy in
                let space = Size2D(width: Double(proxy.size.width), height: Double(proxy.size.height))
                let scale = SquareCropBox.displayScale(fitting: frameSize, into: space)
                let shown = Size2D(width: Double(frameSize.width) * scale, height: Double(frameSize.height) * scale)
                let origin = Point2D(x: (space.width - shown.width) / 2, y: (space.height - shown.height) / 2)
                let square = box.widgetRect(displayScale: scale, frameOrigin: origin)
                ZStack {
                    Image(uiImage: picture)
                        .resizable()
                        .frame(width: CGFloat(shown.width), height: CGFloat(shown.height))
                        .position(x: CGFloat(origin.x + shown.width / 2), y: CGFloat(origin.y + shown.height / 2))
                    Rectangle()
                        .stroke(Color.white, lineWidth: 2)
                        .frame(width: CGFloat(square.width), height: CGFloat(square.height))
                        .position(x: CGFloat(square.center.x), y: CGFloat(square.center.y))
                }
                .gesture(drag(scale: scale))
                .simultaneousGesture(pinch)
            }
            HStack(spacing: 32) {
                Button("Cancel") { cancel() }
                Button("Reset") { box.reset() }
                Button("Save Square") { done(box.rect) }
            }
        }
        .padding()
    }

    private func drag(scale: Double) -> some Gesture {
        DragGesture()
            .onChanged { value in
                var moved = startingBox()
                moved.move(byWidgetDX: Double(value.translation.width), dy: Double(value.translation.height), displayScale: scale)
                box = moved
            }
            .onEnded { _ in boxAtGestureStart = nil }
    }

    private var pinch: some Gesture {
        MagnifyGesture()
            .onChanged { value in
                var zoomed = startingBox()
                zoomed.zoom(by: Double(value.magnification))
                box = zoomed
            }
            .onEnded { _ in boxAtGestureStart = nil }
    }

    private func startingBox() -> SquareCropBox {
        if let start = boxAtGestureStart { return start }
        boxAtGestureStart = box
        return box
    }
}
