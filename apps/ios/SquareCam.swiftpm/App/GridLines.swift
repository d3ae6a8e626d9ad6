import SwiftUI

/// The rule-of-thirds grid over the square viewfinder.
struct GridLines: View {
    var body: some View {
        GeometryReader { proxy in
            Path { path in
                let size = proxy.size
                for third in [1.0 / 3, 2.0 / 3] {
                    path.move(to: CGPoint(x: size.width * third, y: 0))
                    path.addLine(to: CGPoint(x: size.width * third, y: size.height))
                    path.move(to: CGPoint(x: 0, y: size.height * third))
                    path.addLine(to: CGPoint(x: size.width, y: size.height * third))
                }
            }
            .stroke(Color.white.opacity(0.6), lineWidth: 1)
        }
    }
}
