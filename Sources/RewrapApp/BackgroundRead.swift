import CLinux
import RewrapPanelFile
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One read of the panel file on a thread of its own: a file of up to
/// `PanelLoader.sizeLimit` takes longer to parse than a frame lasts, and
/// the loop must go on drawing meanwhile. The thread writes an eventfd
/// when it is done, which the loop polls with its other descriptors.
final class BackgroundRead: Sendable {
    /// Readable once the result is there.
    let descriptor: Int32
    private let result = Mutex<PanelChange?>(nil)

    /// Starts reading `path`; nil when no thread or eventfd can be had, and
    /// the caller reads inline instead.
    init?(path: String) {
        descriptor = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard descriptor >= 0 else { return nil }
        let job = Unmanaged.passRetained(Job(path: path, read: self)).toOpaque()
        var thread = pthread_t()
        guard pthread_create(&thread, nil, { job in
            Unmanaged<Job>.fromOpaque(job!).takeRetainedValue().run()
            return nil
        }, job) == 0 else {
            Unmanaged<Job>.fromOpaque(job).release()
            close(descriptor)
            return nil
        }
        pthread_detach(thread)
    }

    deinit {
        close(descriptor)
    }

    /// What the thread found, once it is done; never blocks.
    func take() -> PanelChange? {
        result.withLock { $0.take() }
    }

    fileprivate func finish(_ change: PanelChange) {
        result.withLock { $0 = change }
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
