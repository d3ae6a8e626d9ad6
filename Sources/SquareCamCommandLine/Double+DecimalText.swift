extension Double {
    /// The number rounded to `places` decimals, as "12.35" ("3" for 2.999 at
    /// 0 places): String(format:) without loading all of Foundation.
    package func decimalText(places: Int) -> String {
        guard isFinite else { return String(self) }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = Int64((abs(self) * scale).rounded())
        let whole = scaled / Int64(scale)
        let sign = self < 0 && scaled != 0 ? "-" : ""
        guard places > 0 else { return sign + String(whole) }
        let fraction = String(scaled % Int64(scale))
        return sign + String(whole) + "." + String(repeating: "0", count: places - fraction.count) + fraction
    }

    /// A whole number without decimals, else one decimal: "8", "7.5".
    package var shortText: String {
        self == rounded() ? decimalText(places: 0) : decimalText(places: 1)
    }
}
