import CLinux
#if canImport(Glibc)
import Glibc
#endif

/// The one way both platforms sleep: poll on their own descriptors and the
/// app's until one is readable or a deadline comes, kept to the nanosecond
/// by a timerfd on CLOCK_MONOTONIC, for poll's own timeout counts whole
/// milliseconds and would wake a frame late or a millisecond early. The
/// set it polls is kept between waits, so a warm wait that finds nothing
/// ready allocates nothing.
///
///     let poll = try DeadlinePoll()
///     poll.begin()
///     poll.watch(connection)                 // the platform's own first
///     poll.watch(contentsOf: descriptors)    // then the app's
///     poll.wait(until: deadline, sleeping: true)
///     let readable = poll.ready(among: descriptors)
///
/// Arming the timer again resets it, so a deadline that passed unread
/// never wakes a later wait.
public final class DeadlinePoll {
    private let timer: Int32
    private var watched: [pollfd] = []

    /// A poll with its own timer; throws when the system gives no timerfd.
    public init() throws(PlatformError) {
        timer = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard timer >= 0 else {
            throw PlatformError("rewrap: cannot create a frame timer: \(String(cString: strerror(errno)))")
        }
    }

    deinit {
        close(timer)
    }

    /// Starts the set of descriptors for the next wait.
    public func begin() {
        watched.removeAll(keepingCapacity: true)
    }

    /// Adds `descriptor` to the set, to wake when it is readable.
    public func watch(_ descriptor: Int32) {
        watched.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
    }

    /// Adds each of `descriptors` to the set.
    public func watch(contentsOf descriptors: [Int32]) {
        for descriptor in descriptors { watch(descriptor) }
    }

    /// Sleeps until a descriptor of the set is readable or `deadline`
    /// (CLOCK_MONOTONIC seconds) comes; nil waits without a limit. Without
    /// `sleeping` it only looks. True when a descriptor of the set was ready.
    @discardableResult
    public func wait(until deadline: Double?, sleeping: Bool) -> Bool {
        let timed = sleeping && deadline != nil
        if let deadline, timed {
            arm(at: deadline)
            watched.append(pollfd(fd: timer, events: Int16(POLLIN), revents: 0))
        }
        let count = poll(&watched, nfds_t(watched.count), sleeping ? -1 : 0)
        if timed { watched.removeLast() }
        return count > 0 && watched.contains { $0.revents != 0 }
    }

    /// After a wait: whether `descriptor` was readable, hung up or failed.
    public func isReady(_ descriptor: Int32) -> Bool {
        watched.contains { $0.fd == descriptor && $0.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 }
    }

    /// After a wait: those of `descriptors` that were ready, in their order.
    public func ready(among descriptors: [Int32]) -> [Int32] {
        var ready: [Int32] = []
        for polled in watched where polled.revents != 0 && descriptors.contains(polled.fd) && !ready.contains(polled.fd) {
            ready.append(polled.fd)
        }
        return ready
    }

    /// Fires once at `seconds` on CLOCK_MONOTONIC; rounded up to the
    /// nanosecond, so never before it.
    private func arm(at seconds: Double) {
        let whole = seconds.rounded(.down)
        var nanoseconds = Int(((seconds - whole) * 1e9).rounded(.up))
        var wholeSeconds = Int(whole)
        if nanoseconds >= 1_000_000_000 {
            wholeSeconds += 1
            nanoseconds -= 1_000_000_000
        }
        // A zero expiry would disarm it; the first nanosecond has long passed.
        if wholeSeconds <= 0 && nanoseconds <= 0 {
            wholeSeconds = 0
            nanoseconds = 1
        }
        var setting = itimerspec(it_interval: timespec(), it_value: timespec(tv_sec: wholeSeconds, tv_nsec: nanoseconds))
        timerfd_settime(timer, Int32(TFD_TIMER_ABSTIME), &setting, nil)
    }
}
