/// The machine and user a journal entry was written on, from the fields journald adds itself:
/// `_HOSTNAME`, `_MACHINE_ID` and `_UID`. medd's dose IDs are the same on every machine with the same
/// configuration, so answers are only comparable within one origin.
public struct JournalOrigin: Hashable, Comparable, Sendable {
    /// `_HOSTNAME`; nil when the entry has none.
    public var hostname: String?
    /// `_MACHINE_ID`, 32 hex digits; nil when the entry has none.
    public var machineID: String?
    /// `_UID`; nil when the entry has none or it is not a number.
    public var uid: UInt32?

    /// An entry without any of the three fields.
    public static let unknown = JournalOrigin(hostname: nil, machineID: nil, uid: nil)

    public init(hostname: String?, machineID: String?, uid: UInt32?) {
        self.hostname = hostname
        self.machineID = machineID
        self.uid = uid
    }

    /// The origin an entry's trusted fields name.
    public init(journalFields fields: [String: String]) {
        self.init(hostname: fields["_HOSTNAME"], machineID: fields["_MACHINE_ID"], uid: fields["_UID"].flatMap { UInt32($0) })
    }

    /// What tells one ledger's entries from another's: the machine ID and user, whatever the host was
    /// called when each entry was written (a machine renamed midway is still one ledger); the host
    /// name only for entries without a machine ID.
    public var ledgerKey: JournalOrigin {
        JournalOrigin(hostname: machineID == nil ? hostname : nil, machineID: machineID, uid: uid)
    }

    /// By host name, then machine ID, then user; what is missing sorts first.
    public static func < (lhs: JournalOrigin, rhs: JournalOrigin) -> Bool {
        (lhs.hostname ?? "", lhs.machineID ?? "", lhs.uid.map(Int64.init) ?? -1)
            < (rhs.hostname ?? "", rhs.machineID ?? "", rhs.uid.map(Int64.init) ?? -1)
    }
}
