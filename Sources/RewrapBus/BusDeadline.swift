#if canImport(Glibc)
import Glibc
#endif

/// When the app's thread stops waiting for buses to answer, on the
/// monotonic clock. Finding the accessibility bus may take two connections
/// and three calls; one deadline bounds them all, so a bus that accepts and
/// never answers costs the window a second, once.
///
///     let deadline = BusDeadline(seconds: 1)
///     AccessibilityBus.addressFromSessionBus(by: deadline)
public struct BusDeadline: Sendable {
    private let milliseconds: Int

    public init(seconds: Double) {
        milliseconds = Self.now() + Int(seconds * 1000)
    }

    /// Milliseconds left, 0 once it has passed: libdbus reads a negative
    /// timeout as its 25 s default.
    public var remaining: Int32 {
        Int32(clamping: max(0, milliseconds - Self.now()))
    }

    private static func now() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
    }
}
