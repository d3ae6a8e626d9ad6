/// How a status page ("No camera found", the permission pages…) sits in the
/// space it has: an icon, a title and a description, and the page's buttons.
///
/// The rule: one centred column with a large icon whenever it fits (a
/// desktop window, a phone held upright); when it does not, a short wide
/// space puts the text on the left and the buttons on the right (a phone on
/// its side, as the live page does), and a narrow one keeps the column with
/// a small icon. The buttons are never what is cut: the text scrolls first.
/// A pure function, so every size is tested without a display.
public enum StatusLayout: String, Hashable, Sendable, CaseIterable {
    /// One column, the icon large.
    case stacked
    /// One column, the icon small; the text scrolls above the buttons if it is still too long.
    case compact
    /// The text on the left, the buttons in a column on the right, both centred vertically.
    case sideBySide

    /// Chooses for `space`, given the page's natural height as one column with
    /// the large icon at that width, and the narrowest width that leaves the
    /// text a readable column beside the buttons.
    public init(space: Size2D, stackedHeight: Double, besideMinimumWidth: Double) {
        if stackedHeight <= space.height {
            self = .stacked
        } else if space.width > space.height && space.width >= besideMinimumWidth {
            self = .sideBySide
        } else {
            self = .compact
        }
    }

    /// True when the buttons are in a column of their own beside the text.
    public var isSideBySide: Bool { self == .sideBySide }

    /// The icon's side in points: libadwaita's status-page size when there is room.
    public var iconSize: Int { self == .stacked ? 128 : 64 }
}
