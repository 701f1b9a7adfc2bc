#if canImport(Glibc)
import Glibc
#endif

/// The program's only real clock: monotonic seconds since it started.
struct Clock {
    private let start = Clock.monotonic()

    var now: Double { Clock.monotonic() - start }

    private static func monotonic() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
