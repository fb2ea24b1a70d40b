/// One hook to run for one recorded event. The ledger records it in the same transaction as its
/// event, before it starts, and forgets it once it ended; a run medd did not see end (it stopped or
/// was killed) starts again at the next start-up with the same `id`, at most `maximumAttempts` times.
public struct HookRun: Hashable, Sendable {
    /// `MEDD_HOOK_RUN_ID`: the same on every attempt, so a hook can tell a repeat from a new run.
    public var id: String
    public var hook: Hook
    public var event: DoseEvent
    /// How many times it was started; the next start is attempt `attempts + 1` (`MEDD_HOOK_ATTEMPT`).
    public var attempts: Int

    public static let maximumAttempts = 3

    public init(id: String, hook: Hook, event: DoseEvent, attempts: Int = 0) {
        self.id = id
        self.hook = hook
        self.event = event
        self.attempts = attempts
    }

    /// Whether another start is allowed.
    public var mayStartAgain: Bool { attempts < Self.maximumAttempts }

    /// The hook of `hooks` a run recorded before a restart belongs to: the same program and timeout,
    /// still listing its event's kind. Nil when a changed configuration dropped it.
    public func configuredHook(among hooks: [Hook]) -> Hook? {
        hooks.first { $0.exec == hook.exec && $0.timeout == hook.timeout && $0.on.contains(event.kind) }
    }
}

extension Configuration {
    /// The runs `events` call for, in order: for each event, every hook listing its kind; `makeID`
    /// names each.
    public func hookRuns(for events: [DoseEvent], makeID: () -> String) -> [HookRun] {
        events.flatMap { event in
            hooks.filter { $0.on.contains(event.kind) }.map { HookRun(id: makeID(), hook: $0, event: event) }
        }
    }
}
