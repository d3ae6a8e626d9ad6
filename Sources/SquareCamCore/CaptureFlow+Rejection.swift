extension CaptureFlow {
    /// An event the flow refused because it makes no sense in the current state; the state is unchanged.
    public struct Rejection: Error, Hashable, Sendable, CustomStringConvertible {
        /// The state the flow was (and still is) in.
        public var state: State
        /// The refused event.
        public var event: Event
        /// Why it was refused.
        public var reason: String

        public init(state: State, event: Event, reason: String) {
            self.state = state
            self.event = event
            self.reason = reason
        }

        public var description: String {
            "The capture flow cannot handle '\(event)' while '\(state)': \(reason). This is a bug in the caller; the flow is unchanged."
        }
    }
}
