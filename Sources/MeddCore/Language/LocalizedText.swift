/// A message in the person's language at once, for programs that only ever show it to people
/// (medctl's human output, the PDF report): `tr("Due at %1$s", time)`. `make pot` finds the message
/// IDs by these functions' names; their first arguments must be string literals without interpolation.
public func tr(_ messageID: String, _ arguments: String...) -> String {
    PositionalFormat.apply(Translation.current.translate(messageID), arguments)
}

/// `trn("%1$d dose", "%1$d doses", count: n, String(n))`: the language's plural rule picks the form.
public func trn(_ singular: String, _ plural: String, count: Int, _ arguments: String...) -> String {
    PositionalFormat.apply(Translation.current.translate(singular, plural, count: count), arguments)
}
