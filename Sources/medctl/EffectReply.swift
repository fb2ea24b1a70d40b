import MeddControl
import MeddCore

/// The daemon's `Effect` reply: the range it covers, the mode of `[settings] effect`, and each
/// medication's effect on a measurement it is for.
struct EffectReply {
    var since: Instant
    var until: Instant
    var mode: EffectMode
    var effects: [MedicationEffect]
    /// The reply as the daemon sent it, for `--json`.
    var json: [String: JSONValue]

    init(_ reply: [String: JSONValue], path: String) throws(ClientError) {
        guard let since = reply["since"]?.stringValue.flatMap(Instant.init(iso8601:)),
              let until = reply["until"]?.stringValue.flatMap(Instant.init(iso8601:)),
              let mode = reply["mode"]?.stringValue.flatMap(EffectMode.init(rawValue:)),
              let effects = reply["effects"]?.arrayValue else {
            throw .protocolFailure(path: path, reason: tr("the Effect reply lacks since, until, mode or effects"))
        }
        self.since = since
        self.until = until
        self.mode = mode
        self.effects = try effects.map { value throws(ClientError) in
            guard let effect = MedicationEffect(varlinkValue: value, period: since..<until, mode: mode) else {
                throw .protocolFailure(path: path, reason: tr("the Effect reply has a malformed effect: %1$s", String(decoding: value.serialized, as: UTF8.self)))
            }
            return effect
        }
        json = reply
    }

    /// Asks the daemon for the effects over `[since, until)` (its defaults for what is nil), of `medication` alone when one is given.
    static func ask(_ client: ControlClient, since: Instant?, until: Instant?, medication: String? = nil) throws(ClientError) -> EffectReply {
        var parameters: [String: JSONValue] = [:]
        if let since { parameters["since"] = .string(LocalTimeText.rules.format(since)) }
        if let until { parameters["until"] = .string(LocalTimeText.rules.format(until)) }
        if let medication { parameters["medication"] = .string(medication) }
        return try EffectReply(client.call("Effect", parameters), path: client.path)
    }
}
