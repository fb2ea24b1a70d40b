/// Time passing: firing, re-alerting, snooze expiry, grace expiry, catch-up and re-planning.
extension DoseBook {
    /// Brings the book up to `now` and returns what must happen, ending with the next wake-up.
    public mutating func advance(to now: Instant) -> [Effect] {
        advance(to: now, reconsidering: false)
    }

    /// Adopts a new configuration. Open doses it no longer yields are closed as skipped.
    public mutating func reload(_ newConfiguration: Configuration, now: Instant) -> [Effect] {
        // Settle everything due under the old configuration first, so a dose the new one adds
        // before `now` is judged as a newcomer, never as one that came due while medd was down.
        var effects = settle(now)
        configuration = newConfiguration
        syncStock(now: now)
        let planner = self.planner
        for id in open.sorted() {
            guard let record = records[id] else { continue }
            let reason: String?
            if let med = newConfiguration.subject(id.medication) {
                if med.isPaused(on: id.date) { reason = med.measures == nil ? "medication paused" : "measurement paused" }
                else if planner.dose(id, records: records) == nil { reason = "no longer in the configuration" }
                else { reason = nil }
            } else {
                reason = record.dose.isMeasurement ? "measurement removed from the configuration" : "medication removed from the configuration"
            }
            guard let reason else { continue }
            emit(DoseEvent(kind: .skipped, dose: record.dose, at: now, source: .daemon, reason: reason), into: &effects)
            effects.append(.closeAlert(id))
        }
        invalidatePlan()
        return effects + advance(to: now, reconsidering: true)
    }

    /// Follows a change of the system zone: `timezone = "local"` schedules move with it.
    public mutating func changeLocalZone(to zone: ZoneRules, now: Instant) -> [Effect] {
        let settled = settle(now)
        localZone = zone
        invalidatePlan()
        return settled + advance(to: now, reconsidering: true)
    }

    /// `advance` without its wake-up: for a change that advances again right after.
    mutating func settle(_ now: Instant) -> [Effect] {
        advance(to: now).filter { if case .wakeUp = $0 { false } else { true } }
    }

    private mutating func advance(to now: Instant, reconsidering: Bool) -> [Effect] {
        let horizon = TimeSpan.days(Int64(settings.horizonDays))
        // A watermark ahead of now is a clock that was set back: doses come due again from now on (those
        // recorded meanwhile keep their records), instead of none until the clock is back where it was.
        let previous = min(watermark ?? now - settings.grace, now)
        // Every dose due since the watermark is fired, caught up or missed, up to `longestCatchUp` back.
        // The next dose of an `after_taken` dose missed now may be due before the watermark, and long ago
        // when that dose was snoozed again and again: the plan then looks back the whole horizon too.
        let catchUpStart = now - Self.longestCatchUp
        if previous < catchUpStart { resumeTracking(from: catchUpStart) }
        let lookbackStart = max(min(previous, afterTakenMedications.isEmpty ? now - settings.grace : now - horizon), catchUpStart)
        ensurePlanned(from: lookbackStart, through: now + horizon, replanningUntil: now + horizon + .days(1))
        trackNewMedications(at: now)
        var effects: [Effect] = []
        missedChainDays = []
        expireOpenDoses(now, &effects)
        endSnoozes(now, &effects)
        escalate(now, &effects)
        renotify(now, &effects)
        // A dose of an `after_taken` medication missed here plans the next one (an invalidated plan), which
        // may be due already: plan and fire again until nothing moves.
        repeat {
            ensurePlanned(from: lookbackStart, through: now + horizon, replanningUntil: now + horizon + .days(1))
            fireDueDoses(now, after: previous, reconsidering: reconsidering, &effects)
        } while plannedUntil.usec == .min
        missedChainDays = []
        if plannedFrom < now - horizon - .days(1) { trimPlan(before: now - horizon) }
        recordExpiries(now, &effects)
        watermark = now
        effects.append(.wakeUp(at: nextWakeUp(after: now)))
        return effects
    }

    private mutating func expireOpenDoses(_ now: Instant, _ effects: inout [Effect]) {
        for id in open.sorted() {
            guard let record = records[id], deadline(of: record) <= now else { continue }
            emit(DoseEvent(kind: .missed, dose: record.dose, at: now, source: .daemon, reason: MissedReason.notAnsweredWithinGrace.recorded),
                 into: &effects)
            effects.append(.closeAlert(id))
        }
    }

    private mutating func endSnoozes(_ now: Instant, _ effects: inout [Effect]) {
        for id in open.sorted() {
            guard let record = records[id], record.state == .snoozed, let until = record.snoozeUntil, until <= now else { continue }
            // The re-alert carries the snooze's end, so its journal entry names the snooze ID it fires under.
            emit(DoseEvent(kind: .renotified, dose: record.dose, at: now, source: .daemon, snoozeUntil: until,
                           reason: "snooze \(id.snoozeID) ended"), into: &effects)
            escalateIfDue(id, now, &effects)
            if configuration.reminds(id.medication) { effects.append(.alert(Alert(dose: record.dose, kind: .renotified))) }
        }
    }

    /// A normal reminder still pending `escalate_after` after its dose was due is shown again as critical,
    /// once per dose. A snoozed dose is left in peace: the alert at its snooze's end escalates instead.
    private mutating func escalate(_ now: Instant, _ effects: inout [Effect]) {
        for id in open.sorted() where records[id]?.state == .pending {
            guard let dose = escalateIfDue(id, now, &effects) else { continue }
            effects.append(.alert(Alert(dose: dose, kind: .escalated)))
        }
    }

    /// When a dose's reminder escalates, unless it did already (or never does: an alarm, `"0"`, a medication
    /// that is not reminded).
    private func escalation(of record: DoseRecord) -> Instant? {
        guard !record.escalated, configuration.reminds(record.id.medication) else { return nil }
        return configuration.alertStyle(ofMedication: record.id.medication).escalation(ofDoseDueAt: record.dose.scheduled)
    }

    /// Records the `escalated` event of a dose whose escalation instant has passed and that had none; returns
    /// the dose when it did. An alert shown now that is critical already (a catch-up or a snooze's end past
    /// the instant) records it too, so a hook for `escalated` hears of every dose that went that long unanswered.
    @discardableResult
    private mutating func escalateIfDue(_ id: DoseID, _ now: Instant, _ effects: inout [Effect]) -> Dose? {
        guard let record = records[id], let escalation = escalation(of: record), escalation <= now else { return nil }
        let after = configuration.alertStyle(ofMedication: id.medication).escalateAfter
        emit(DoseEvent(kind: .escalated, dose: record.dose, at: now, source: .daemon, reason: "not answered within \(after)"),
             into: &effects)
        return record.dose
    }

    private mutating func renotify(_ now: Instant, _ effects: inout [Effect]) {
        let interval = settings.renotify
        guard interval.seconds > 0 else { return }
        for id in open.sorted() where configuration.reminds(id.medication) {
            guard let record = records[id], record.state == .pending,
                  let last = record.lastAlert, last + interval <= now else { continue }
            emit(DoseEvent(kind: .renotified, dose: record.dose, at: now, source: .daemon), into: &effects)
            effects.append(.alert(Alert(dose: record.dose, kind: .renotified)))
        }
    }

    /// Fires what came due. A dose first seen more than a minute late is a catch-up: at most one
    /// per medication alerts (the latest), older ones within grace are superseded, and ones past
    /// grace are missed. Doses that only appeared through a reload or zone change, due before the
    /// watermark, alert only when `reconsidering`, within grace, and when their medication had no
    /// other dose alert or answered within grace — so editing a time never doubles a dose. A dose of an
    /// `after_taken` medication that came due before the dose before it was answered is new when planned.
    /// Doses due before medd tracked their medication stay untracked under every rule.
    private mutating func fireDueDoses(_ now: Instant, after previous: Instant, reconsidering: Bool, _ effects: inout [Effect]) {
        var onTime: [Dose] = []
        var late: [String: [Dose]] = [:]
        for dose in plan {
            if dose.scheduled > now { break }  // the plan is sorted by due instant
            guard records[dose.id] == nil, isTracked(dose) else { continue }
            let age = TimeSpan(seconds: now.seconds - dose.scheduled.seconds)
            let followsAMiss = dose.scheduled <= previous && followsADoseMissedNow(dose)
            if dose.scheduled > previous || followsAMiss {
                if age >= settings.grace {
                    let reason: MissedReason = followsAMiss ? .cameDueBeforeThePreviousWasAnswered : .cameDueWhileDown
                    emit(DoseEvent(kind: .missed, dose: dose, at: now, source: .daemon, reason: reason.recorded), into: &effects)
                } else if age <= Self.onTimeTolerance {
                    onTime.append(dose)
                } else {
                    late[dose.medication, default: []].append(dose)
                }
            } else if reconsidering, age < settings.grace, !medicationWasActive(dose.medication, since: now - settings.grace) {
                late[dose.medication, default: []].append(dose)
            }
        }
        let onTimeMedications = Set(onTime.map(\.medication))
        for (medication, doses) in late.sorted(by: { $0.key < $1.key }) {
            let alerting = onTimeMedications.contains(medication) ? nil : doses.last
            for dose in doses where dose != alerting {
                let reason = MissedReason.supersededAfterDowntime(by: alerting?.id.description)
                emit(DoseEvent(kind: .missed, dose: dose, at: now, source: .daemon, reason: reason.recorded), into: &effects)
            }
            if let alerting { fire(alerting, now, &effects) }
        }
        for dose in onTime { fire(dose, now, &effects) }
    }

    /// A dose of an `after_taken` medication after the first of its day, on a day with a dose missed in this
    /// `advance`: the miss made it, so it is new even though already due (an answer sees to its own next
    /// dose, `followUp`). Any that a reload or zone change reveals in the past are not: they follow the
    /// ordinary rules, so a changed interval never turns past days into missed doses.
    private func followsADoseMissedNow(_ dose: Dose) -> Bool {
        guard missedChainDays.contains(ChainDay(dose.id)),
              case .afterTaken(_, let from, _, _) = configuration.subject(dose.medication)?.schedule else { return false }
        return dose.id.time != from
    }

    /// Records the dose as due; shows it, unless its medication is not reminded (`remind = false`).
    mutating func fire(_ dose: Dose, _ now: Instant, _ effects: inout [Effect]) {
        emit(DoseEvent(kind: .fired, dose: dose, at: now, source: .daemon), into: &effects)
        guard configuration.reminds(dose.medication) else { return }
        escalateIfDue(dose.id, now, &effects)
        effects.append(.alert(Alert(dose: dose, kind: .fired)))
    }

    private func medicationWasActive(_ medication: String, since: Instant) -> Bool {
        records.values.contains { record in
            record.dose.medication == medication && max(record.lastAlert ?? .init(usec: .min), record.answeredAt ?? .init(usec: .min)) >= since
        }
    }

    /// The earliest instant at which `advance` has something to do.
    public func nextWakeUp(after now: Instant) -> Instant? {
        var next: Instant? = nil
        func consider(_ instant: Instant) {
            let candidate = max(instant, now)
            if candidate < next ?? Instant(usec: .max) { next = candidate }
        }
        if let dose = nextDose(after: now) { consider(dose.scheduled) }
        if let expiry = nextExpiryInstant() { consider(expiry) }
        for id in open {
            guard let record = records[id] else { continue }
            consider(deadline(of: record))
            if record.state == .snoozed, let until = record.snoozeUntil { consider(until) }
            if record.state == .pending, settings.renotify.seconds > 0, configuration.reminds(id.medication), let last = record.lastAlert {
                consider(last + settings.renotify)
            }
            if record.state == .pending, let escalation = escalation(of: record) { consider(escalation) }
        }
        if hasSchedules {
            // No plan yet (or it was invalidated): advancing is due at once.
            consider(plannedUntil.usec == .min ? now : plannedUntil - .days(Int64(settings.horizonDays)))
        }
        return next
    }
}
