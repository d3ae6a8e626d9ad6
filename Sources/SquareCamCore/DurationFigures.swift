extension Duration {
    /// The duration as a number of seconds, for figures, rates and timers.
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// The duration as a number of milliseconds.
    public var inMilliseconds: Double { inSeconds * 1000 }
}

/// A running time as a clock shows it: "0:05", "12:34", "1:02:03".
public func clockText(seconds: Int) -> String {
    let (hours, rest) = max(0, seconds).quotientAndRemainder(dividingBy: 3600)
    let (minutes, secs) = rest.quotientAndRemainder(dividingBy: 60)
    let tail = (secs < 10 ? "0" : "") + String(secs)
    if hours > 0 { return "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes):" + tail }
    return "\(minutes):" + tail
}
