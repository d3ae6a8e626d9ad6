import CGtk
import SquareCamCore

/// The round avatar guide (O): over a square, what a round avatar of it
/// keeps stays clear and the corners it cuts away are dimmed, with the
/// circle outlined as the grid is (white over a dark edge, seen on any picture).
enum CircleGuide {
    static func draw(_ cairo: OpaquePointer, in square: Rect2D) {
        let radius = min(square.width, square.height) / 2
        let centerX = square.x + square.width / 2, centerY = square.y + square.height / 2
        cairo_save(cairo)
        cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_set_source_rgba(cairo, 0, 0, 0, 0.5)
        cairo_rectangle(cairo, square.x, square.y, square.width, square.height)
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, centerX, centerY, radius, 0, 2 * .pi)
        cairo_fill(cairo)
        let line = max(2, (square.width / 240).rounded())
        for shade in [(0.0, 0.45, line + 2), (1.0, 0.85, line)] {
            cairo_set_source_rgba(cairo, shade.0, shade.0, shade.0, shade.1)
            cairo_set_line_width(cairo, shade.2)
            cairo_new_sub_path(cairo)
            cairo_arc(cairo, centerX, centerY, radius - line / 2, 0, 2 * .pi)
            cairo_stroke(cairo)
        }
        cairo_restore(cairo)
    }
}
