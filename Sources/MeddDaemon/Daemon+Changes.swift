import Foundation
import MeddConfig
import MeddCore
import Systemd

/// The world changing under the daemon: a new configuration, a clock step or resume, a new zone.
extension Daemon {
    /// Re-reads the configuration (SIGHUP or `Reload`). A bad file keeps the running
    /// configuration; its errors are logged and returned, one `PATH:LINE:COLUMN: message` each.
    func reload() -> Result<Void, ReloadErrors> {
        Notifier.reloading()
        defer { Notifier.reloaded(status: statusLine()) }
        desktop?.retryIfDisconnected()
        let configuration: Configuration
        switch ConfigLoader.load(path: options.configPath) {
        case .success(let loaded): configuration = loaded
        case .failure(let errors):
            let lines = errors.diagnostics.map(\.description)
            log.error("reload refused, the previous configuration stays:\n\(lines.joined(separator: "\n"))")
            return .failure(ReloadErrors(lines: lines))
        }
        do {
            try perform(book.reload(configuration, now: clock.now()))
        } catch {
            recover(from: error)
        }
        hooks.hooks = book.configuration.hooks
        log.info("configuration reloaded: \(configuration.medications.count) medications, \(configuration.hooks.count) hooks")
        return .success(())
    }

    /// The wall clock was set or the machine resumed: re-arm from the new now. The dose book's
    /// catch-up rule decides what fires, so a long suspend never floods.
    func clockChanged() {
        log.notice("the system clock changed (set or resumed); re-checking due doses")
        advance()
    }

    /// `/etc/localtime` changed: `timezone = "local"` schedules move with it.
    func zoneChanged() {
        let zone = TimeZone.current
        guard zone.identifier != book.localZone.identifier else { return }
        log.notice("the system time zone changed from \(book.localZone.identifier) to \(zone.identifier)")
        do {
            try perform(book.changeLocalZone(to: zone, now: clock.now()))
        } catch {
            recover(from: error)
        }
    }
}
