import RewrapLayout
import RewrapScene

/// What the platform keeps about the desktop between events, so that a
/// resize or an animated frame never waits for a reply: the monitors and
/// work area as last read, and the main window's frame as last reported.
public struct DesktopTracking {
    public var desktop: Desktop
    /// Root coordinates, from ConfigureNotify.
    public private(set) var windowFrame: Rect
    /// While a window manager has reparented the window, only its synthetic
    /// ConfigureNotify events carry root coordinates.
    public var reparented = false

    public init(desktop: Desktop, windowFrame: Rect) {
        self.desktop = desktop
        self.windowFrame = windowFrame
    }

    /// The window's place, read from the server.
    mutating func placed(at origin: Point) {
        windowFrame.origin = origin
    }

    /// A ConfigureNotify for the main window: its size when the server sent
    /// it (any client can send one), its place when the coordinates are the
    /// root's (not reparented, or sent by the window manager, as ICCCM has
    /// it do after every move).
    public mutating func configured(x: Int, y: Int, width: Int, height: Int, synthetic: Bool) {
        if !synthetic { windowFrame.size = Size(width: Double(width), height: Double(height)) }
        if synthetic || !reparented { windowFrame.origin = Point(x: Double(x), y: Double(y)) }
    }

    /// Whether a ConfigureNotify's size is the window's, and so may answer a
    /// sync request: the server's always is; a synthetic one is when a window
    /// manager confirms the size the window has, never when a client claims
    /// another.
    public func holds(width: Int, height: Int) -> Bool {
        windowFrame.size == Size(width: Double(width), height: Double(height))
    }
}
