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

    /// Asks the daemon for the effects over the query's range (its defaults for what is nil), of its
    /// medication alone when it names one: the very parameters `Adherence` takes.
    static func ask(_ client: ControlClient, _ query: DoseQuery) throws(ClientError) -> EffectReply {
        try EffectReply(client.call("Effect", query.adherenceParameters), path: client.path)
    }
}
