import CLinux
#if canImport(Glibc)
import Glibc
#endif

/// SIGTERM, SIGINT and SIGHUP as a descriptor the loop polls with the
/// platform's, so a request to stop is handled between passes like any
/// event: the state is saved, and the program exits with status 0.
///
///     let signals = try StopSignals()   // before any thread starts
///     if readable.contains(signals.descriptor) { signals.drain(); ... }
///
/// The signals are blocked, so none arrives as an interruption; blocking
/// them must come before any thread starts, which inherits the mask.
public final class StopSignals {
    let descriptor: Int32

    /// Why the signals cannot be watched: one line for the user.
    public struct Failure: Error {
        public var message: String
    }

    /// Blocks the three signals and opens the descriptor that reads them.
    public init() throws(Failure) {
        var set = sigset_t()
        sigemptyset(&set)
        for number in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&set, number) }
        guard pthread_sigmask(SIG_BLOCK, &set, nil) == 0 else {
            throw Failure(message: "rewrap: cannot block the stop signals")
        }
        descriptor = signalfd(-1, &set, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        guard descriptor >= 0 else {
            throw Failure(message: "rewrap: cannot watch for stop signals: \(String(cString: strerror(errno)))")
        }
    }

    deinit {
        close(descriptor)
    }

    /// Reads every signal waiting; true if there was one.
    func drain() -> Bool {
        var info = signalfd_siginfo()
        var any = false
        while read(descriptor, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size { any = true }
        return any
    }
}
