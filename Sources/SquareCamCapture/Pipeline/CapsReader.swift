import CGStreamer

/// Reads GstCaps into `CapsDescription` values (every GstStructure/GValue
/// call for caps lives here).
enum CapsReader {
    /// The structures of caps in system memory with a width, height and rate.
    static func read(_ caps: UnsafeMutablePointer<GstCaps>) -> [CapsDescription] {
        (0..<gst_caps_get_size(caps)).compactMap { index -> CapsDescription? in
            if let features = gst_caps_get_features(caps, index),
               gst_caps_features_is_any(features) != 0
                || gst_caps_features_contains(features, "memory:SystemMemory") == 0 {
                return nil
            }
            guard let structure = gst_caps_get_structure(caps, index) else { return nil }
            return read(structure)
        }
    }

    /// Parses caps text (gst-launch syntax), for tests and tools.
    static func read(capsText: String) -> [CapsDescription] {
        GStreamerRuntime.ensureInitialized()
        guard let caps = gst_caps_from_string(capsText) else { return [] }
        defer { gst_caps_unref(caps) }
        return read(caps)
    }

    private static func read(_ structure: UnsafeMutablePointer<GstStructure>) -> CapsDescription? {
        let mediaType = String(cString: gst_structure_get_name(structure))
        guard let widths = integers(gst_structure_get_value(structure, "width")),
              let heights = integers(gst_structure_get_value(structure, "height"))
        else { return nil }
        let rates = self.rates(gst_structure_get_value(structure, "framerate")) ?? .values([])
        return CapsDescription(
            mediaType: mediaType,
            formats: strings(gst_structure_get_value(structure, "format")),
            widths: widths, heights: heights, rates: rates)
    }

    private static func integers(_ value: UnsafePointer<GValue>?) -> CapsDescription.Integers? {
        guard let value else { return nil }
        if squarecam_value_holds_int(value) != 0 { return .values([Int(g_value_get_int(value))]) }
        if squarecam_value_holds_int_range(value) != 0 {
            let low = Int(gst_value_get_int_range_min(value)), high = Int(gst_value_get_int_range_max(value))
            // A stepped range offers only every step-th size (a scaler working in blocks of 8 or 16).
            let step = max(1, Int(gst_value_get_int_range_step(value)))
            return low <= high ? .range(low...high, step: step) : nil
        }
        if squarecam_value_holds_list(value) != 0 {
            let values = listElements(value).compactMap { element -> Int? in
                squarecam_value_holds_int(element) != 0 ? Int(g_value_get_int(element)) : nil
            }
            return .values(values)
        }
        return nil
    }

    private static func rates(_ value: UnsafePointer<GValue>?) -> CapsDescription.Rates? {
        guard let value else { return nil }
        if squarecam_value_holds_fraction(value) != 0 { return .values([fraction(value)]) }
        if squarecam_value_holds_fraction_range(value) != 0,
           let low = gst_value_get_fraction_range_min(value), let high = gst_value_get_fraction_range_max(value) {
            return .range(min: fraction(low), max: fraction(high))
        }
        if squarecam_value_holds_list(value) != 0 {
            return .values(listElements(value).compactMap { element in
                squarecam_value_holds_fraction(element) != 0 ? fraction(element) : nil
            })
        }
        return nil
    }

    private static func strings(_ value: UnsafePointer<GValue>?) -> [String] {
        guard let value else { return [] }
        if squarecam_value_holds_string(value) != 0 {
            return g_value_get_string(value).map { [String(cString: $0)] } ?? []
        }
        if squarecam_value_holds_list(value) != 0 {
            return listElements(value).compactMap { element in
                squarecam_value_holds_string(element) != 0 ? g_value_get_string(element).map { String(cString: $0) } : nil
            }
        }
        return []
    }

    private static func fraction(_ value: UnsafePointer<GValue>) -> FrameRate {
        FrameRate(numerator: Int(gst_value_get_fraction_numerator(value)),
                  denominator: Int(gst_value_get_fraction_denominator(value)))
    }

    private static func listElements(_ value: UnsafePointer<GValue>) -> [UnsafePointer<GValue>] {
        (0..<gst_value_list_get_size(value)).compactMap { gst_value_list_get_value(value, $0) }
    }
}
