import RewrapLayout

/// One monitor: where it sits on the root window, and how often it
/// refreshes, when the server knows (Xvfb does not).
public struct Monitor: Hashable, Sendable {
    /// Root coordinates.
    public var frame: Rect
    /// Frames per second; nil when unknown.
    public var refreshRate: Double?

    /// A monitor covering `frame` of the screen, refreshing at `refreshRate` when known.
    public init(frame: Rect, refreshRate: Double? = nil) {
        self.frame = frame
        self.refreshRate = refreshRate
    }
}
