import CSystemd
import Glibc

/// A thread of its own for work that must not hold up the event loop. It starts with the creating
/// thread's signal mask, so signals the loop takes through signalfd stay blocked in it too.
public enum DetachedThread {
    private final class Work {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Starts `work` on a new detached thread; nobody waits for it.
    public static func start(_ work: @escaping @Sendable () -> Void) throws(SystemError) {
        let context = Unmanaged.passRetained(Work(work)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let result = pthread_create(&thread, &attributes, { context in
            Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, context)
        guard result == 0 else {
            Unmanaged<Work>.fromOpaque(context).release()
            throw SystemError("pthread_create", errno: result)
        }
    }
}
