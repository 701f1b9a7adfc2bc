import RewrapScene

/// Which of the program's windows an event is for.
public enum WindowRole: Hashable, Sendable {
    case main
    case popup
}

/// What a platform reports, translated once from its own events into the
/// few cases the app cares about. Coordinates are window pixels.
public enum PlatformEvent: Equatable, Sendable {
    /// The window's pixels were lost and must be shown again.
    case exposed(WindowRole)
    /// The main window's new size.
    case configured(width: Int, height: Int)
    /// The main window is on screen for the first time: whatever the window
    /// manager or compositor did to place it is done, so a size or a
    /// maximised state reported from now on is a change, not the start.
    case windowShown
    /// The main window was maximised (true) or unmaximised by the window
    /// manager or compositor, as the person asked it to.
    case maximizedChanged(Bool)
    case pointerMoved(WindowRole, x: Int, y: Int)
    case pointerLeft(WindowRole)
    /// A primary-button press. While a popup holds the pointer, a press
    /// outside it still arrives for the popup, outside its bounds.
    case pressed(WindowRole, x: Int, y: Int)
    /// The primary button came up. It comes to the window the press went to
    /// or to the one that holds the pointer since, by the platform's rules,
    /// and may lie outside that window's bounds.
    case released(WindowRole, x: Int, y: Int)
    /// Pixels to scroll, positive down and right.
    case scrolled(WindowRole, dx: Int, dy: Int)
    /// A touchpad's scroll ended with the fingers lifted (Wayland's
    /// `axis_stop`), so it may carry on with momentum. A wheel never ends
    /// one, and neither does X11's smooth scrolling, which has no end marker.
    case scrollEnded(WindowRole)
    /// A finger on a touchscreen went down, moved, came up, or was taken by
    /// the compositor for a gesture of its own. What it means (a tap, a
    /// drag, a fling) is decided above the seam.
    case touch(Touch)
    /// A key went down: the app's `Key` when it answers to it, and the key
    /// as sent, for a screen reader to see (and perhaps consume) first.
    case keyPressed(Key?, KeyStroke)
    /// A key came up; only a screen reader cares.
    case keyReleased(KeyStroke)
    /// The main window gained (true) or lost the keyboard focus.
    case focusChanged(Bool)
    case closeRequested
    /// The platform can go on no longer (the compositor went away, or ended
    /// the connection for an error): one line for the user, and status 1.
    case connectionLost(String)
    /// Where the popup asked for with this request, which could not be
    /// placed at once, was put, and how many of its rows fit there.
    case popupPlaced(PopupRequest, PopupPlacement)
    /// The popup went away from outside the program: its window was
    /// destroyed, or the compositor dismissed it.
    case popupDismissed
    /// The desktop's settings changed; the platform's `settings` hold the new value.
    case settingsChanged
    /// The desktop names an accessibility bus anew: one started late, or
    /// came back after going away.
    case accessibilityBusNamed
    /// A platform that paces frames itself is ready for the next one.
    case frameReady
}

/// One finger on a touchscreen, as a platform reports it.
public struct Touch: Equatable, Sendable {
    /// Where a finger is in its touch.
    public enum Phase: Equatable, Sendable {
        case began
        case moved
        case ended
        /// The compositor took the touch (for a gesture of its own): nothing it did counts.
        case cancelled
    }

    public var phase: Phase
    public var role: WindowRole
    /// The platform's number for the finger, the same from `began` to `ended`.
    public var id: Int
    /// Window pixels.
    public var x: Double
    public var y: Double
    /// Seconds on the platform's own clock: only differences mean anything.
    public var time: Double

    /// A finger `id` at (`x`, `y`) in `role`'s window pixels at `time`.
    public init(_ phase: Phase, _ role: WindowRole, id: Int, x: Double, y: Double, time: Double) {
        self.phase = phase
        self.role = role
        self.id = id
        self.x = x
        self.y = y
        self.time = time
    }
}
