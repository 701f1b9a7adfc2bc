import RewrapLayout

/// What the desktop around the window looks like: the screen, its monitors
/// (RandR 1.5) and the work area the window manager leaves free of panels
/// (`_NET_WORKAREA`). It decides which monitor a popup or a window belongs
/// to, and where a popup may go.
///
///     let desktop = Desktop(screen: Rect(x: 0, y: 0, width: 3840, height: 1080),
///                           monitors: [left, right], workArea: Rect(x: 0, y: 32, width: 3840, height: 1048))
///     desktop.popupArea(for: button)        // the right monitor below its top panel, say
///     desktop.refreshRate(for: window)      // 144 if the right monitor shows most of it
public struct Desktop: Hashable, Sendable {
    /// The whole root window.
    public var screen: Rect
    /// Empty when unknown: the whole screen then stands for one monitor.
    public var monitors: [Monitor]
    /// The current desktop's work area, or nil when none was published or it made no sense.
    public var workArea: Rect?

    /// Frames per second when a monitor's rate is unknown or implausible.
    public static let defaultRefreshRate = 60.0
    /// Rates outside this range are taken as unknown rather than believed.
    public static let plausibleRefreshRates = 20.0...1000.0

    /// The screen `screen`, its monitors and the work area a window manager reserves, when known.
    public init(screen: Rect, monitors: [Monitor] = [], workArea: Rect? = nil) {
        self.screen = screen
        self.monitors = monitors
        self.workArea = workArea
    }

    /// The monitor showing most of `rect`; when none shows any of it, the
    /// nearest one. Ties go to the earlier monitor, which the platform lists
    /// primary first.
    public func monitor(for rect: Rect) -> Monitor {
        guard !monitors.isEmpty else { return Monitor(frame: screen) }
        // Most area shown first, then least distance; strict comparisons keep the earlier on ties.
        func score(_ monitor: Monitor) -> (area: Double, distance: Double) {
            (monitor.frame.intersection(rect).map { $0.width * $0.height } ?? 0, monitor.frame.distance(to: rect))
        }
        var best = monitors[0], bestScore = score(best)
        for monitor in monitors.dropFirst() {
            let candidate = score(monitor)
            if candidate.area > bestScore.area || (candidate.area == bestScore.area && candidate.distance < bestScore.distance) {
                best = monitor
                bestScore = candidate
            }
        }
        return best
    }

    /// Where a popup for `button` (root coordinates) may go: the work area
    /// within the monitor that holds the button, or the whole monitor when
    /// the work area leaves less than a quarter of its width or height,
    /// as a work area that excludes the screen would.
    public func popupArea(for button: Rect) -> Rect {
        let monitor = monitor(for: button).frame
        guard let workArea, let usable = workArea.intersection(monitor),
              usable.width >= monitor.width / 4, usable.height >= monitor.height / 4 else { return monitor }
        return usable
    }

    /// How much of the usable area a window opened at its default size may
    /// take in each direction: the rest leaves room for a window manager's
    /// frame, whose size is unknown until the window is mapped.
    public static let defaultWindowShare = 0.9

    /// The size for a window that would open at `preferred` with its corner
    /// at `origin`: no larger than `defaultWindowShare` of the usable area
    /// (as for popups) of the monitor that holds it, nor smaller than
    /// `minimum`. Whole pixels.
    ///
    ///     Desktop(screen: Rect(x: 0, y: 0, width: 1280, height: 800))
    ///         .fittedWindowSize(Size(width: 1360, height: 840), at: .zero, minimum: Size(width: 640, height: 480))
    ///     // 1152 × 720
    public func fittedWindowSize(_ preferred: Size, at origin: Point, minimum: Size) -> Size {
        let area = popupArea(for: Rect(origin: origin, size: preferred))
        func fit(_ wanted: Double, _ room: Double, _ least: Double) -> Double {
            max(least, min(wanted, (room * Self.defaultWindowShare).rounded(.down))).rounded()
        }
        return Size(width: fit(preferred.width, area.width, minimum.width), height: fit(preferred.height, area.height, minimum.height))
    }

    /// Frames per second for a window at `frame` (root coordinates): the
    /// refresh rate of the monitor showing most of it, else 60.
    public func refreshRate(for frame: Rect) -> Double {
        guard let rate = monitor(for: frame).refreshRate, Self.plausibleRefreshRates.contains(rate) else {
            return Self.defaultRefreshRate
        }
        return rate
    }

    /// The monitors from RandR 1.5's list, primary first (it wins ties),
    /// without those of no size; each takes the refresh rate of the CRTC
    /// showing most of it, when one shows any of it.
    public static func monitors(listed: [(frame: Rect, primary: Bool)], crtcs: [Monitor], screen: Rect) -> [Monitor] {
        let shown = Desktop(screen: screen, monitors: crtcs)
        return (listed.filter(\.primary) + listed.filter { !$0.primary }).compactMap { monitor in
            guard monitor.frame.width > 0, monitor.frame.height > 0 else { return nil }
            let crtc = shown.monitor(for: monitor.frame)
            return Monitor(frame: monitor.frame, refreshRate: crtc.frame.overlaps(monitor.frame) ? crtc.refreshRate : nil)
        }
    }

    /// The current desktop's rectangle from `_NET_WORKAREA`'s cardinals
    /// (x, y, width, height for each desktop in turn); the first desktop's
    /// when `current` is unknown or out of range. Nil when the list is
    /// empty, not a whole number of rectangles, or the rectangle is empty.
    public static func workArea(cardinals: [Int], current: Int?) -> Rect? {
        guard !cardinals.isEmpty, cardinals.count % 4 == 0 else { return nil }
        let desktops = cardinals.count / 4
        let index = current.flatMap { (0..<desktops).contains($0) ? $0 : nil } ?? 0
        let values = cardinals[(index * 4)..<(index * 4 + 4)].map(Double.init)
        guard values[2] > 0, values[3] > 0 else { return nil }
        return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }
}
