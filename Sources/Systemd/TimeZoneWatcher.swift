import CSystemd
import Glibc

/// Tells when a file defining the local zone changes: inotify on the directories holding them
/// (`/etc/localtime` or the `TZ` file, and the zone file it points to). Tools replace these files
/// by rename, which a watch on the file itself would miss. Resets libc's cached zone before
/// calling the handler.
public final class TimeZoneWatcher: @unchecked Sendable {
    // @unchecked: confined to the loop thread.
    private var sources: [LoopSource] = []

    /// Watches each file, given as the directory holding it and its name there; a directory that
    /// does not exist is skipped.
    public init(loop: EventLoop, files: [(directory: String, name: String)], _ handler: @escaping () -> Void) throws(SystemError) {
        let events: FileEvents = [.created, .movedIn, .writtenAndClosed, .deleted, .attributesChanged, .doNotFollow]
        for directory in Set(files.map(\.directory)).sorted() {
            let names = Set(files.filter { $0.directory == directory }.map(\.name))
            let source: LoopSource
            do {
                source = try loop.addInotify(path: directory, events: events) { changed in
                    guard names.contains(changed) else { return }
                    tzset()
                    handler()
                }
            } catch where error.fileIsMissing {
                // A TZ rule string names no file; a directory that does not exist holds none to replace.
                continue
            }
            source.describe("medd-timezone")
            sources.append(source)
        }
    }
}
