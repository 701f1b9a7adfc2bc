#if canImport(Glibc)
import Glibc
#endif

/// The program's only clock: monotonic seconds since it started. Tests run
/// the loop on a clock of their own, which moves only when they move it.
public struct Clock {
    private let elapsed: () -> Double
    /// Where this clock's zero lies on CLOCK_MONOTONIC.
    private let start: Double

    /// A clock whose zero is now.
    public init() {
        let start = Clock.read(CLOCK_MONOTONIC)
        self.start = start
        elapsed = { Clock.read(CLOCK_MONOTONIC) - start }
    }

    /// A clock that reads `now`, with its zero at CLOCK_MONOTONIC's.
    public init(reading now: @escaping () -> Double) {
        start = 0
        elapsed = now
    }

    public var now: Double { elapsed() }

    /// A time on this clock as CLOCK_MONOTONIC seconds, for timers.
    public func monotonicSeconds(at time: Double) -> Double { time + start }

    /// CPU seconds this process has used, for the frame-cost log.
    static var processTime: Double { read(CLOCK_PROCESS_CPUTIME_ID) }

    private static func read(_ clock: clockid_t) -> Double {
        var spec = timespec()
        clock_gettime(clock, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
