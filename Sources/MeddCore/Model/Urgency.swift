/// How urgent a reminder is when shown (`MEDD_URGENCY`): critical ones pass do-not-disturb and stay
/// until answered on GNOME and KDE Plasma.
public enum Urgency: String, CaseIterable, Hashable, Sendable {
    case normal, critical
}
