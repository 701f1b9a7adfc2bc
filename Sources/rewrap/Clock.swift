#if canImport(Glibc)
import Glibc
#endif

/// The program's only real clock: monotonic seconds since it started.
struct Clock {
    private let start = Clock.monotonic()

    var now: Double { Clock.monotonic() - start }

    /// A time on this clock as CLOCK_MONOTONIC seconds, for timers.
    func monotonicSeconds(at time: Double) -> Double { time + start }

    /// CPU seconds this process has used, for the frame-cost log.
    static var processTime: Double { read(CLOCK_PROCESS_CPUTIME_ID) }

    private static func monotonic() -> Double { read(CLOCK_MONOTONIC) }

    private static func read(_ clock: clockid_t) -> Double {
        var spec = timespec()
        clock_gettime(clock, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
