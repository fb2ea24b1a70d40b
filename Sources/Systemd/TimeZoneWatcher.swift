import CSystemd
import Foundation
import Glibc

/// Tells when the system time zone changes: inotify on the directory holding `/etc/localtime`
/// (tools replace the symlink by rename, which a watch on the link itself would miss). On a
/// change it resets libc's and Foundation's cached zone before calling the handler.
public final class TimeZoneWatcher: @unchecked Sendable {
    // @unchecked: confined to the loop thread.
    private var source: LoopSource?

    public init(loop: EventLoop, path: String = "/etc/localtime", _ handler: @escaping () -> Void) throws(SystemError) {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let events: FileEvents = [.created, .movedIn, .writtenAndClosed, .deleted, .attributesChanged, .doNotFollow]
        source = try loop.addInotify(path: directory, events: events) { changed in
            guard changed == name else { return }
            tzset()
            NSTimeZone.resetSystemTimeZone()
            handler()
        }
        source?.describe("medd-timezone")
    }
}
