import Testing

/// A `controls PAGE in WxH: NAME X Y W H; …` trace line (MainWindow's
/// traceControls), read in one place for every test that looks at where the
/// controls are.
struct ControlsTrace {
    struct Box: Equatable, CustomStringConvertible {
        var x, y, width, height: Int
        var centre: (x: Int, y: Int) { (x + width / 2, y + height / 2) }
        var description: String { "\(x) \(y) \(width)x\(height)" }

        func overlaps(_ other: Box) -> Bool {
            x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
        }
    }

    let line: String
    let window: (width: Int, height: Int)
    /// Each control by its trace name.
    let boxes: [String: Box]

    init?(_ line: String) {
        guard let window = Self.size(after: " in ", in: line),
              let colon = line.range(of: ": ", range: line.range(of: " in ")!.upperBound..<line.endIndex) else { return nil }
        var boxes: [String: Box] = [:]
        for entry in line[colon.upperBound...].split(separator: ";") {
            let words = entry.split(separator: " ")
            guard words.count == 5, let x = Int(words[1]), let y = Int(words[2]), let w = Int(words[3]), let h = Int(words[4]) else { return nil }
            boxes[String(words[0])] = Box(x: x, y: y, width: w, height: h)
        }
        self.line = line
        self.window = window
        self.boxes = boxes
    }

    subscript(name: String) -> Box? { boxes[name] }

    /// The `WxH` after `marker` ("controls live in 360x720:", "status drawn beside in 720x360:").
    static func size(after marker: String, in line: String) -> (width: Int, height: Int)? {
        guard let range = line.range(of: marker) else { return nil }
        let parts = line[range.upperBound...].prefix { $0 != ":" && $0 != " " }.split(separator: "x").compactMap { Int($0) }
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }

    /// True when the window is within `tolerance` px of `width`×`height` (a window manager may take a few).
    func isWindow(width: Int, height: Int, tolerance: Int = 20) -> Bool {
        abs(window.width - width) <= tolerance && abs(window.height - height) <= tolerance
    }

    /// Records an issue for each control outside the window or smaller than
    /// a fingertip (44×44), except those named in `notTouched`.
    func expectEveryControlFits(_ context: String, notTouched: Set<String> = [], sourceLocation: SourceLocation = #_sourceLocation) {
        for (name, box) in boxes {
            #expect(box.x >= 0 && box.y >= 0 && box.x + box.width <= window.width && box.y + box.height <= window.height,
                    "\(context): \(name) at \(box) is not inside the \(window.width)x\(window.height) window", sourceLocation: sourceLocation)
            if !notTouched.contains(name) {
                #expect(box.width >= 44 && box.height >= 44,
                        "\(context): \(name) is \(box.width)x\(box.height), smaller than a fingertip (44×44)", sourceLocation: sourceLocation)
            }
        }
    }
}

extension AppSession {
    /// The latest `controls PAGE in …` line that satisfies `condition`, read.
    func waitForControls(_ page: String, where condition: (ControlsTrace) -> Bool = { _ in true }) throws -> ControlsTrace {
        let line = try waitForTrace("controls \(page) in ", where: { ControlsTrace($0).map(condition) ?? false })
        return try #require(ControlsTrace(line), "unreadable: \(line)")
    }
}
