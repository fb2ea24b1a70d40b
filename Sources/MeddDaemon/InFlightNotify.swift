import MeddCore

/// A `Notify` sent for a dose whose reply (the notification's id) has not come back yet, and what
/// was asked of that dose meanwhile.
struct InFlightNotify {
    /// The dose was answered while the call was out: close the notification once its id is known.
    var closeWhenShown = false
    /// A re-alert that came while the call was out: shown (replacing) once its id is known.
    var followUp: Alert?
}
