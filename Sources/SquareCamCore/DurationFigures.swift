extension Duration {
    /// The duration as a number of seconds, for figures, rates and timers.
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// The duration as a number of milliseconds.
    public var inMilliseconds: Double { inSeconds * 1000 }
}
