/// What the daemon does with one control call.
enum ControlResponse {
    /// Send this NUL-terminated message (unless the call was `oneway`).
    case reply([UInt8])
    /// Keep the connection and stream a reply for every state change from now on.
    case watch
    /// The reply comes later, through `ControlConnection.deliver` (an answer waiting for its
    /// commit); the connection handles no further call until then, so replies stay in order.
    case deferred
}
