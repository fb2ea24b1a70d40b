import Testing

@testable import MeddDaemon

/// Which file medd watches for the session bus to appear.
@Suite struct SessionBusSocketTests {
    @Test func theFirstUnixPathAddressIsWatched() {
        #expect(SessionBusSocket.path(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1000/bus"]) == "/run/user/1000/bus")
        #expect(SessionBusSocket.path(environment: ["DBUS_SESSION_BUS_ADDRESS": "tcp:host=x,port=1;unix:guid=ab,path=/tmp/a%20b/bus"]) == "/tmp/a b/bus")
    }

    @Test func withoutAnAddressItIsTheRuntimeDirectorysBus() {
        #expect(SessionBusSocket.path(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"]) == "/run/user/1000/bus")
        #expect(SessionBusSocket.path(environment: [:]) == nil)
    }

    @Test func abstractSocketsAndBadEscapesCannotBeWatched() {
        #expect(SessionBusSocket.path(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:abstract=/tmp/dbus-x"]) == nil)
        #expect(SessionBusSocket.path(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/tmp/%zz"]) == nil)
    }
}
