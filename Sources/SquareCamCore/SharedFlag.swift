/// A flag set on the main thread and read on another (a streaming or
/// analysis thread), where taking the main actor is not an option.
public final class SharedFlag: Sendable {
    private let value = LockedValue(false)

    public init() {}

    public var isOn: Bool {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}
