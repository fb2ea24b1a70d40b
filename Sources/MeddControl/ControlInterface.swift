/// The `io.medd.Control` Varlink interface: its name and IDL text (a copy of `io.medd.Control.varlink`).
public enum ControlInterface {
    public static let name = "io.medd.Control"

    /// The interface description returned by `org.varlink.service.GetInterfaceDescription`.
    public static let description = """
# Control interface of medd, the medication-reminder daemon.
# Times are ISO 8601 with a UTC offset (2026-11-22T08:00:00+01:00);
# usec is microseconds since the Unix epoch. Only the socket owner's UID is served.
interface io.medd.Control

# One dose as the daemon knows it, or a reminder to measure (then measurement is set).
type Dose (
  # Dose ID: medication (or measurement) ID, local date and wall time.
  id: string,
  # Medication ID from the configuration; for a reminder to measure, the measurement ID.
  medication: string,
  # Display name of the medication.
  name: string,
  # What to take, as written in the configuration ("1 tablet").
  dose: string,
  # When the dose is scheduled, ISO 8601 with offset.
  scheduled: string,
  # The scheduled time in microseconds since the epoch.
  usec: int,
  # planned, pending, snoozed, taken, skipped, missed, or untracked (due before medd
  # tracked its medication: never alerted, not counted in adherence); a reminder to
  # measure is measured once its readings are recorded.
  state: string,
  # When the dose was answered (final states only).
  answeredAt: ?string,
  # The same instant in microseconds since the epoch (answeredAt has whole seconds).
  answeredUsec: ?int,
  # Who answered: daemon, cli, desktop, hook, or caldav (on another device, through medd-sync).
  source: ?string,
  # When a snoozed dose comes back.
  snoozeUntil: ?string,
  # Free text given with the answer (a skip's or a miss's reason when it has none).
  note: ?string,
  # Why the dose was skipped or missed: the reason given, or the daemon's own.
  reason: ?string,
  # Whom the medication is for: the person label from the configuration.
  person: ?string,
  # false when its medication has remind = false: recorded, never shown nor rung (absent otherwise).
  remind: ?bool,
  # A reminder to measure: the kind of its measurement (blood_pressure, glucose, weight,
  # temperature, heart_rate, spo2, scale, number); absent for a medication's dose.
  measurement: ?string,
  # A reminder to measure: the values of the readings recorded for it, oldest first, as
  # Reading's value writes them, and their unit.
  readings: ?[]string,
  unit: ?string,
  # A reminder to measure: when each of readings was taken, in the same order.
  readingTimes: ?[]string,
  # A reminder to measure: how many readings answer it (readings in the configuration).
  readingsDue: ?int
)

# One reading of a measurement.
type Reading (
  # Measurement ID from the configuration.
  measurement: string,
  # blood_pressure, glucose, weight, temperature, heart_rate, spo2, scale or number.
  kind: string,
  # The measurement's name, as it was when the reading was recorded.
  name: string,
  # The value, exact, with a point for decimals: 132/84/71 (SYS/DIA/PULSE), 132/84, 5.6, 72.
  value: string,
  # mmHg, mg/dL, mmol/L, kg, lb, C, F, bpm, %, /10, or a number's own unit ("" for none).
  unit: string,
  # A blood pressure's parts.
  systolic: ?int,
  diastolic: ?int,
  pulse: ?int,
  # When it was taken, ISO 8601 with the measurement zone's offset, and in microseconds.
  at: string,
  usec: int,
  # The reminder to measure it answered, or the ID of its own time when it answered none.
  dose: string,
  # Who recorded it: cli, desktop, hook or caldav.
  source: string,
  note: ?string,
  # The target in force when it was taken (135/85, 4-7), and whether it was within it.
  target: ?string,
  inTarget: ?bool,
  # It is reading number of the of its reminder asks for (1 of 2).
  number: int,
  of: int,
  # Whom the measurement is for: the person label from the configuration.
  person: ?string
)

# Adherence counts for one medication, or for all of them.
type AdherenceCounts (
  # Taken within an hour of the due time.
  onTime: int,
  # Taken more than an hour after the due time.
  late: int,
  skipped: int,
  missed: int,
  # onTime + late.
  taken: int,
  # Percentage taken of all answered doses; null when there were none.
  percentage: ?float
)

# One medication from the configuration.
type Medication (
  # Medication ID, the key of its [medication.ID] table.
  id: string,
  name: string,
  dose: string,
  # The schedule in English words, whatever medd's locale ("08:00, 20:00 on Mon, Fri",
  # "every 6 h from 06:00 to 22:00", "as needed"): the words of timing.
  schedule: string,
  # The schedule as data, for a client to put into its reader's language.
  timing: Schedule,
  # The IANA zone it is pinned to; null when it follows the system zone.
  timezone: ?string,
  paused: bool,
  # paused_until: no doses before this day (YYYY-MM-DD); they resume on it.
  pausedUntil: ?string,
  asNeeded: bool,
  # Units on hand now, when the configuration counts them: stockStart, plus the refills
  # recorded since stockSince (Refill), less what the doses taken since took. Amounts of
  # units (stock, refillAt, stockStart) are numbers with at most three decimal places
  # (27.25), written as that exact decimal: read them as decimal text, or as a double
  # printed back with the shortest digits.
  stock: ?float,
  refillAt: ?float,
  notes: ?string,
  # Whom it is for: the person label from the configuration.
  person: ?string,
  # The person's name from their [person.ID] table, when it has one.
  personName: ?string,
  # When counting the stock (re)started: medd's first run with this stock value (a new
  # stock value in the configuration starts the count again, without the refills
  # recorded before it), and the units it started from.
  stockSince: ?string,
  stockStart: ?float,
  # If every planned dose is taken: the due time of the dose that brings the stock down
  # to refillAt, and of the first dose the stock does not cover (each within a year).
  refillDue: ?string,
  runsOut: ?string,
  # The day the medication on hand expires, YYYY-MM-DD, when the configuration gives one.
  expires: ?string,
  # With expires: current, expiring (within expiry_warning of it) or expired (the day has come).
  expiry: ?string
)

# A medication's schedule as data: when it is due, on which days, and its tapering steps.
type Schedule (
  # times, interval, afterTaken (the day's first dose at from, each next one intervalSeconds
  # after the one before was answered, none after until) or asNeeded.
  kind: string,
  # times: the times of day, ascending, each with the dose it has of its own.
  times: ?[]ScheduleTime,
  # interval and afterTaken: the seconds between doses, and the day's first and last time (HH:MM).
  intervalSeconds: ?int,
  from: ?string,
  until: ?string,
  # asNeeded: the least seconds between two doses and the most doses a day, where limited.
  minIntervalSeconds: ?int,
  maxPerDay: ?int,
  # The days it is due on, every rule given holding; absent for every day (and asNeeded).
  days: ?ScheduleDays,
  # The steps of a tapering plan, by their first day; empty without one.
  steps: []ScheduleStep
)

# The days of a schedule, as the configuration's keys of the same names give them.
type ScheduleDays (
  # mon, tue, wed, thu, fri, sat, sun, in that order.
  weekdays: ?[]string,
  everyDays: ?int,
  everyWeeks: ?int,
  everyMonths: ?int,
  # cycle: cycleOn days on, then cycleOff days off.
  cycleOn: ?int,
  cycleOff: ?int,
  # Days of the month, ascending: 1 to 31, or -1 (the last day) to -31.
  monthdays: ?[]int
)

# A time of day of a schedule (HH:MM), with its own dose text and units where it has them.
type ScheduleTime (
  time: string,
  dose: ?string,
  perDose: ?float
)

# A step of a tapering plan: from its first day (YYYY-MM-DD), its dose text, units and times
# replace the medication's (those absent stay as they were).
type ScheduleStep (
  from: string,
  dose: ?string,
  perDose: ?float,
  times: ?[]ScheduleTime
)

# What the desktop does with reminders; only when medd shows notifications.
type Desktop (
  # The notification server (GetServerInformation's name and version), while one is reachable.
  server: ?string,
  serverVersion: ?string,
  capabilities: []string,
  # The logind session whose unlocking shows open reminders again.
  session: ?string,
  lockWatching: bool,
  # logind is there: a resume from sleep shows open reminders again.
  resumeWatching: bool,
  # Screensavers on the session bus whose end shows open reminders again.
  screensavers: []string
)

# State of the daemon.
method Status() -> (
  version: string,
  # When the daemon started, ISO 8601 with offset.
  startedAt: string,
  # The daemon's clock now, microseconds since the Unix epoch (with --pretend-now, the pretend
  # clock): clients resolve "today" and "now" by it.
  nowUsec: int,
  # The next planned dose, if any.
  nextDose: ?Dose,
  pending: int,
  snoozed: int,
  desktop: ?Desktop
)

# Doses in a range; without one, the current local day and the rest of the horizon.
method ListDoses(from: ?string, to: ?string, medication: ?string) -> (doses: []Dose)

# The doses due in [from, to) that have a final state (taken, skipped, missed, or a reminder
# to measure measured), oldest due first, each as its final answer left it: history, read
# from the ledger a page at a time, so years of it stream without being planned or held.
# Called with more, the doses come in replies of about 64 KiB each (the last without
# continues), and a page the ledger cannot give ends the replies with StorageFailed;
# without more, they all make one reply.
# Default: from 30 days before now to the end of the horizon.
method ListHistory(from: ?string, to: ?string, medication: ?string) -> (doses: []Dose)

# Marks a dose taken. dose is a dose ID, or a medication ID meaning its current
# open dose (or a new as-needed dose); at defaults to now. source says who answered:
# cli (the default), or caldav for an answer medd-sync brings from the CalDAV server.
# early and the as-needed limits are checked at the time at names. An answer from
# caldav to a dose answered already is settled by its time: the later answer wins, taken
# at the same second, any answer over missed; one that loses is kept as a replaced event.
method Taken(dose: string, at: ?string, note: ?string, source: ?string) -> (dose: Dose)

# Snoozes an open dose for minutes, from 1 to 1440 (default from the configuration).
method Snooze(dose: string, minutes: ?int) -> (snoozeId: string, until: string, dose: Dose)

# Skips a dose, with an optional reason (also kept as its note); at (default now) and
# source as for Taken.
method Skip(dose: string, at: ?string, reason: ?string, source: ?string) -> (dose: Dose)

# The configured medications, with their stock.
method Medications() -> (medications: []Medication)

# Adds amount units to the counted stock of a medication (one with stock in the
# configuration; as-needed and paused ones too) and records a refilled event, with
# the units on hand after it, in the ledger and the journal. amount is decimal text
# with a point, so that it stays exact: more than 0, at most three decimal places, at
# most 100000 (InvalidRefill says which rule it breaks). Once the stock is above
# refillAt again, the next dose that brings it down to refillAt records low-stock
# anew. medication is the medication as Medications lists it, with the new stock.
method Refill(medication: string, amount: string, note: ?string) -> (medication: Medication)

# Re-reads the configuration. On error the old one stays and InvalidConfig is returned.
method Reload() -> (medications: int, planned: int)

# Taken, late, skipped and missed doses per medication over a range
# (default: the last 30 days).
method Adherence(since: ?string, until: ?string, medication: ?string) -> (
  since: string,
  until: string,
  medications: [string]AdherenceCounts,
  total: AdherenceCounts
)

# Records a reading of a measurement. value is as the Reading type writes it (132/84/71,
# 5.6); it must be a value of the measurement's kind within the range a real reading has
# (InvalidValue says why not). at (default now, never in the future) is when it was taken.
# It answers the measurement's reminder open at that time (or due within early after it);
# remaining is how many more readings that reminder waits for (readings = 2: one more, a
# minute apart). dose is the reminder, or the reading's own ID when it answered none.
# A dose in the call names the reminder to answer (a to-do completed on another device,
# source caldav): the reading answers it whole, and without a value it is answered as
# done with no reading (reading is then null). Told again what the reminder holds, medd
# changes nothing. source is cli (the default) or caldav.
method Measure(measurement: string, value: ?string, dose: ?string, at: ?string, note: ?string, source: ?string) -> (
  reading: ?Reading,
  dose: Dose,
  remaining: int
)

# Readings taken in [from, to) (default: the 30 days before now, and the minute after it,
# which a reading from a clock a little ahead may carry), oldest first.
method ListReadings(from: ?string, to: ?string, measurement: ?string) -> (readings: []Reading)

# What each medication did to a measurement that is for it (the measurement's `for`), over
# [since, until) (default: the 90 days before now), with everything its verdict rests on. The
# verdict is likely_effective, unclear, likely_ineffective or not_enough_data; doubt says why
# it is unclear (adherence or small_change); confidence is 0 to 100. A signal for a talk with
# a doctor, not advice: medd.toml(5) `effect` gives the rules and thresholds.
method Effect(since: ?string, until: ?string, medication: ?string) -> (
  since: string,
  until: string,
  mode: string,
  effects: []MedicationEffect
)

type MedicationEffect (
  medication: string,
  measurement: string,
  kind: string,
  unit: string,
  verdict: string,
  doubt: ?string,
  confidence: int,
  # The improvement that counts as an effect, in unit, and the one seen (positive is better:
  # a drop, a rise for spo2), the larger of the signals that have the samples they need.
  threshold: float,
  improvement: ?float,
  # Around each dose taken: the windows before and after it in minutes (none for weight and
  # number), the doses with readings in both, how many are needed, the median change.
  perDose: (
    beforeMinutes: ?int,
    afterMinutes: ?[]int,
    pairs: int,
    needed: int,
    medianChange: ?float,
    medianDiastolicChange: ?float
  ),
  # The last 14 days of the range against the 14 before: means, readings, readings needed in each.
  trend: (
    recentMean: ?float,
    earlierMean: ?float,
    change: ?float,
    recentDiastolicMean: ?float,
    earlierDiastolicMean: ?float,
    recentReadings: int,
    earlierReadings: int,
    needed: int
  ),
  # The doses due in the range that ended, those taken, their share, and the share below which
  # nothing is concluded.
  adherence: (due: int, taken: int, share: ?float, needed: float)
)

# One reading to import: the parts of a Reading that say what was measured, when and by whom.
type ImportedReading (
  measurement: string,
  value: string,
  unit: string,
  # When it was taken, in microseconds since the epoch.
  usec: int,
  # The reminder it answered (or its own ID); absent: the ID of the minute it was taken.
  dose: ?string,
  # The target in force when it was taken.
  target: ?string,
  # It is reading number of the of its reminder asked for (default 1 of 1).
  number: ?int,
  of: ?int,
  # cli (the default), desktop, hook or caldav.
  source: ?string,
  note: ?string
)

# Records readings brought from a file (medctl import) in one transaction, or none of
# them: each must be of a configured measurement, a value of its kind in a unit of it, and
# taken by now. A reading the ledger has already (the same measurement, instant and
# value) is not added again: added counts those recorded, present those already there.
# At most 1000 readings a call. With dryRun nothing is recorded: the counts say what would be.
# InvalidValue names the first reading refused by its index.
method ImportReadings(readings: []ImportedReading, dryRun: ?bool) -> (added: int, present: int)

# Writes a consistent copy of the ledger while medd goes on answering: every answer
# acknowledged before this reply is in it. The copy is a file of its own (mode 0600) in
# the backups folder of medd's state directory, since medd may write nowhere else: copy
# it where it belongs and remove it; medd removes it itself once this connection closes,
# and at start-up. medctl backup FILE does all of this.
method Backup() -> (
  # The copy's absolute path.
  file: string,
  bytes: int,
  # Rows of its event log and of its dose table.
  events: int,
  doses: int,
  # Its ledger schema version, such as v3.
  schema: string
)

# Streams one reply per state change; call with "more": true.
# event is the journal event kind (fired, taken, snoozed, skipped, missed, measured, ...);
# for expiring and expired, dose is named after the medication and its expires date,
# for refilled after the medication and the minute of the refill (no dose changes).
# A measured event carries its reading; a refilled one the units added (amount) and the
# units on hand after them (stock), as exact decimals like Medication's stock.
method Watch() -> (event: string, at: string, dose: Dose, reading: ?Reading, amount: ?float, stock: ?float)

# No dose with this ID, and no open dose of a medication with this ID.
error NoSuchDose (dose: string)

# No medication with this ID in the configuration.
error NoSuchMedication (medication: string)

# No measurement with this ID in the configuration.
error NoSuchMeasurement (measurement: string)

# The value is not a reading of the measurement's kind, or outside the range a real
# reading has; message says which and what it takes. From ImportReadings, index is the
# refused reading's position in readings.
error InvalidValue (measurement: string, message: string, index: ?int)

# A refill that cannot be recorded: the ID names a measurement, the medication does not
# count its stock (no stock in its table), or the amount is not more than 0, has more
# than three decimal places or is more than 100000; message says which, in words.
error InvalidRefill (medication: string, message: string)

# The dose is not due yet and cannot be answered before due; or, with at, the answer's own
# time is more than early before due (message says so in words).
error NotYetDue (dose: string, due: string, at: ?string, message: ?string)

# A medication ID names more than one open dose; name one of the candidates.
error Ambiguous (candidates: []string)

# The as-needed medication has reached its limit; message says which and until when.
error LimitReached (medication: ?string, message: string)

# The dose is already taken, skipped or missed.
error AlreadyFinal (dose: string, state: string)

# The configuration has errors (PATH:LINE:COLUMN: message); the old one stays.
error InvalidConfig (errors: []string)

# The ledger could not record the answer (disk full, read-only) or read the history it (or a Reload) needed; nothing was acknowledged or changed.
error StorageFailed (message: string)

# The backup could not be written (the state directory is full or read-only); nothing
# was left behind.
error BackupFailed (message: string)

"""
}
