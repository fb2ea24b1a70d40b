import Foundation
import Systemd
import Testing

/// The environment as read from `environ` is the one Foundation reports.
@Suite struct ProcessEnvironmentTests {
    @Test func matchesProcessInfo() {
        #expect(ProcessEnvironment.variables == ProcessInfo.processInfo.environment)
    }
}
