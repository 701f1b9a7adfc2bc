import CLinux
import RewrapPlatform
#if canImport(Glibc)
import Glibc
#endif

/// A timerfd on CLOCK_MONOTONIC that becomes readable at an absolute
/// deadline, to the nanosecond, so the loop's poll can wake for a frame
/// without rounding its timeout to whole milliseconds.
///
///     let timer = try DeadlineTimer()
///     timer.arm(at: deadline)   // poll on timer.descriptor wakes then
///
/// Arming again resets it, so a deadline that passed unread never wakes
/// the loop twice.
final class DeadlineTimer {
    let descriptor: Int32

    init() throws(PlatformError) {
        descriptor = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard descriptor >= 0 else {
            throw PlatformError("rewrap: cannot create a frame timer: \(String(cString: strerror(errno)))")
        }
    }

    deinit {
        close(descriptor)
    }

    /// Fires once at `seconds` on CLOCK_MONOTONIC; rounded up to the
    /// nanosecond, so never before it.
    func arm(at seconds: Double) {
        let whole = seconds.rounded(.down)
        var nanoseconds = Int(((seconds - whole) * 1e9).rounded(.up))
        var wholeSeconds = Int(whole)
        if nanoseconds >= 1_000_000_000 {
            wholeSeconds += 1
            nanoseconds -= 1_000_000_000
        }
        // A zero expiry would disarm it; the first nanosecond has long passed.
        if wholeSeconds == 0 && nanoseconds == 0 { nanoseconds = 1 }
        var setting = itimerspec(it_interval: timespec(), it_value: timespec(tv_sec: wholeSeconds, tv_nsec: nanoseconds))
        timerfd_settime(descriptor, Int32(TFD_TIMER_ABSTIME), &setting, nil)
    }
}
