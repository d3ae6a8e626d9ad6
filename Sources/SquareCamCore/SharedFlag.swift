import Synchronization

/// A flag set on the main thread and read on another (a streaming or
/// analysis thread), where taking the main actor is not an option.
public final class SharedFlag: Sendable {
    private let value = Atomic(false)

    public init() {}

    public var isOn: Bool {
        get { value.load(ordering: .relaxed) }
        set { value.store(newValue, ordering: .relaxed) }
    }
}
