/// The room a head needs around a face detector's box (eyebrows to chin):
/// forehead and hair above, chin and neck below, ears each side. The crop's
/// face framing and the viewfinder's face following frame a face alike.
public enum HeadRoom {
    /// Face heights above the box.
    public static let above = 0.6
    /// Face heights below the box.
    public static let below = 0.4
    /// Face widths on each side of the box.
    public static let eachSide = 0.3

    /// `face` with its room around it.
    public static func around(_ face: Rect2D) -> Rect2D {
        Rect2D(x: face.x - eachSide * face.width, y: face.y - above * face.height,
               width: face.width * (1 + 2 * eachSide), height: face.height * (1 + above + below))
    }
}
