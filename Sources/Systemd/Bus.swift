import CSystemd

/// A D-Bus connection served by the event loop (`sd_bus_attach_event`): calls are asynchronous
/// and replies and signals arrive as loop callbacks, so a slow peer never blocks the loop.
public final class Bus: @unchecked Sendable {
    // @unchecked: sd-bus objects must stay on one thread; this one lives on the loop's thread.
    let pointer: OpaquePointer
    private var isOpen = true

    private typealias ReplyHandler = LoopCallback<Result<BusMessage, BusCallError>>

    private init(_ pointer: OpaquePointer) { self.pointer = pointer }

    deinit { close() }

    /// Connects to the user's session bus (`$DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`)
    /// and attaches it to `loop`. Fails at once when there is no bus to connect to.
    public static func openUser(on loop: EventLoop) throws(SystemError) -> Bus {
        var pointer: OpaquePointer?
        _ = try SystemError.check("sd_bus_open_user", sd_bus_open_user(&pointer))
        return try attached(pointer!, to: loop)
    }

    /// Connects to the system bus (`$DBUS_SYSTEM_BUS_ADDRESS`, else `/run/dbus/system_bus_socket`)
    /// and attaches it to `loop`.
    public static func openSystem(on loop: EventLoop) throws(SystemError) -> Bus {
        var pointer: OpaquePointer?
        _ = try SystemError.check("sd_bus_open_system", sd_bus_open_system(&pointer))
        return try attached(pointer!, to: loop)
    }

    private static func attached(_ pointer: OpaquePointer, to loop: EventLoop) throws(SystemError) -> Bus {
        let bus = Bus(pointer)
        _ = try SystemError.check("sd_bus_attach_event", sd_bus_attach_event(pointer, loop.event, 0))
        return bus
    }

    /// Sends a method call; `reply` runs on the loop with the reply or the error (a timeout, or
    /// the connection closing, arrives as an error too). `timeoutUsec` 0 is sd-bus's default, 25 s.
    public func call(_ call: BusMethodCall, timeoutUsec: UInt64 = 0,
                     _ reply: @escaping (Result<BusMessage, BusCallError>) -> Void) throws(SystemError) {
        var message: OpaquePointer?
        _ = try SystemError.check("sd_bus_message_new_method_call", sd_bus_message_new_method_call(
            pointer, &message, call.destination, call.path, call.interface, call.member))
        defer { sd_bus_message_unref(message) }
        for argument in call.arguments { try argument.append(to: message!) }

        let handler = Unmanaged.passRetained(ReplyHandler(reply)).toOpaque()
        var slot: OpaquePointer?
        let sent = sd_bus_call_async(pointer, &slot, message, { received, userdata, _ in
            let message = BusMessage(received!)
            let result: Result<BusMessage, BusCallError> = message.error.map { .failure($0) } ?? .success(message)
            ReplyHandler.from(userdata).body(result)
            return 0
        }, handler, timeoutUsec)
        guard sent >= 0 else {
            Unmanaged<ReplyHandler>.fromOpaque(handler).release()
            throw SystemError("sd_bus_call_async(\(call.member))", errno: -sent)
        }
        // The bus owns the pending call from here; the handler is released when sd-bus frees it.
        sd_bus_slot_set_destroy_callback(slot) { userdata in
            Unmanaged<ReplyHandler>.fromOpaque(userdata!).release()
        }
        sd_bus_slot_set_floating(slot, 1)
        sd_bus_slot_unref(slot)
    }

    /// Subscribes to the messages a match rule selects (installed asynchronously on the bus);
    /// they arrive until the returned match is dropped.
    public func addMatch(_ rule: String, _ handler: @escaping (BusMessage) -> Void) throws(SystemError) -> BusMatch {
        let match = BusMatch(handler: LoopCallback<BusMessage>(handler))
        var slot: OpaquePointer?
        _ = try SystemError.check("sd_bus_add_match_async", sd_bus_add_match_async(pointer, &slot, rule, { received, userdata, _ in
            LoopCallback<BusMessage>.from(userdata).body(BusMessage(received!))
            return 0
        }, nil, match.handler.opaque))
        match.slot = slot
        return match
    }

    /// Writes out every queued message, waiting if the socket is full: for shutdown only.
    public func flush() {
        if isOpen { sd_bus_flush(pointer) }
    }

    /// Closes the connection without waiting for queued messages (a flush could block the loop).
    /// Calls still waiting for a reply are dropped: their handlers never run (sd-bus answers pending
    /// calls with an error only when the peer goes away, not on a close), and are released. Callers
    /// forget such calls themselves (`DesktopNotifier` bumps its generation and clears `inFlight`).
    public func close() {
        guard isOpen else { return }
        isOpen = false
        sd_bus_detach_event(pointer)
        sd_bus_close(pointer)
        sd_bus_unref(pointer)
    }
}
