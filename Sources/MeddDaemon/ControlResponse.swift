/// What the daemon does with one control call.
enum ControlResponse {
    /// Send this NUL-terminated message (unless the call was `oneway`).
    case reply([UInt8])
    /// Keep the connection and stream a reply for every state change from now on.
    case watch
}
