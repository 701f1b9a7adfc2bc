import CLinux
import RewrapPanelFile
#if canImport(Glibc)
import Glibc
#endif

/// One read of the panel file on a thread of its own: a file of up to
/// `PanelLoader.sizeLimit` takes longer to parse than a frame lasts, and
/// the loop must go on drawing meanwhile. The thread writes an eventfd
/// when it is done, which the loop polls with its other descriptors.
///
/// The result is handed over under a pthread mutex, which ThreadSanitizer
/// sees (`make test-tsan`), in a field of this class's own type. The
/// standard library's `Synchronization.Mutex` would not do: in an
/// optimised build its futex and atomics are inlined and ThreadSanitizer
/// reports four threads appending under it as racing (the right count,
/// and race reports), and in a debug build its generic value is reached
/// through the runtime's value witnesses, which ThreadSanitizer does not
/// see at all, so a real race there would pass unseen.
final class BackgroundRead: @unchecked Sendable {
    /// Readable once the result is there.
    let descriptor: Int32
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    /// What the thread found, touched only with `lock` held. A reference, so
    /// the field is one word: ThreadSanitizer checks a word's loads and
    /// stores exactly, where a value as large as a panel is copied with
    /// memcpy, whose accesses it did not report racing here.
    private var result: Found?

    private final class Found: Sendable {
        let change: PanelChange

        init(_ change: PanelChange) {
            self.change = change
        }
    }

    /// Starts reading `path`; nil when no thread or eventfd can be had, and
    /// the caller reads inline instead.
    init?(path: String) {
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
        descriptor = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard descriptor >= 0 else { return nil }
        let job = Unmanaged.passRetained(Job(path: path, read: self)).toOpaque()
        var thread = pthread_t()
        guard pthread_create(&thread, nil, { job in
            Unmanaged<Job>.fromOpaque(job!).takeRetainedValue().run()
            return nil
        }, job) == 0 else {
            // The deinitialiser closes the eventfd.
            Unmanaged<Job>.fromOpaque(job).release()
            return nil
        }
        pthread_detach(thread)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// What the thread found, once it is done; never blocks for longer than
    /// the thread takes to hand it over.
    func take() -> PanelChange? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        let taken = result
        result = nil
        return taken?.change
    }

    fileprivate func finish(_ change: PanelChange) {
        let found = Found(change)
        pthread_mutex_lock(lock)
        result = found
        pthread_mutex_unlock(lock)
        var one: UInt64 = 1
        _ = write(descriptor, &one, 8)
    }

    /// What the thread holds: the path, and the read to hand the answer to.
    private final class Job: Sendable {
        let path: String
        let read: BackgroundRead

        init(path: String, read: BackgroundRead) {
            self.path = path
            self.read = read
        }

        func run() {
            read.finish(PanelReading.change(at: path))
        }
    }
}
