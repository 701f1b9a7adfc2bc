import RewrapLayout
import RewrapPlatform
import RewrapScene
import RewrapText
#if canImport(Glibc)
import Glibc
#endif

/// A platform with no display: it shows nothing, records what the loop asks
/// of it, and plays a script of event batches on a clock of its own.
///
/// Each time the loop would sleep, the descriptors it watches besides the
/// platform are looked at without waiting, and any that is readable wakes it
/// at once; otherwise time moves to the deadline it names, and once it would
/// sleep with none (it is idle), `nextBatch` gives the events that come
/// next. When it gives none, the window is closed.
///
///     let platform = RecordingPlatform(script: [[.keyPressed(.tab)], [.keyPressed(.returnKey)]])
///     let app = try launch.open(on: platform)
///     _ = app.run()
///     platform.requests   // ["open 680x420 \"Rewrap\"", "present main 680x420", ...]
public final class RecordingPlatform: Platform {
    public var settings: DesktopSettings
    /// Seconds on the platform's clock; the loop reads it through `clock`.
    public private(set) var now = 0.0
    /// What the loop asked for, in order: windows, presents and popups.
    public private(set) var requests: [String] = []
    public private(set) var main: RecordingSurface?
    public private(set) var popup: RecordingSurface?
    /// Where the loop said the keys go, in order (`focusMoved`).
    public private(set) var focusMoves: [(role: WindowRole, rect: PixelRect)] = []
    /// Asked whenever the loop is idle: the next events, or nil to close.
    public var nextBatch: () -> [PlatformEvent]?
    /// Where popups may go, in window pixels.
    public let screen: Rect
    /// Set, the platform paces frames as a Wayland compositor does: after a
    /// frame is shown it is not ready until `.frameReady` comes this long after.
    public var frameCallbackInterval: Double?
    /// Events that come at a time of their own, even while the loop is busy
    /// with frames (a finger touching down during a fling), earliest first.
    public var timed: [(at: Double, events: [PlatformEvent])] = []
    /// The deadline of each of the loop's sleeps, in order: nil where it
    /// armed no timer at all.
    public private(set) var sleeps: [Double?] = []
    private var frameCallbackDue: Double?
    private var pending: [PlatformEvent] = []

    public init(settings: DesktopSettings = DesktopSettings(fontDefaults: RecordingPlatform.xftDefaults),
                screen: Rect = Rect(x: 0, y: 0, width: 1280, height: 1024), nextBatch: @escaping () -> [PlatformEvent]?) {
        self.settings = settings
        self.screen = screen
        self.nextBatch = nextBatch
    }

    public convenience init(settings: DesktopSettings = DesktopSettings(fontDefaults: RecordingPlatform.xftDefaults),
                            script: [[PlatformEvent]]) {
        var script = script
        self.init(settings: settings) { script.isEmpty ? nil : script.removeFirst() }
    }

    /// What Xft finishes patterns with on a display without resources, such
    /// as Xvfb's, so text measures as it does there.
    public static let xftDefaults = [
        FontDefault("antialias", .bool(true)), FontDefault("embolden", .bool(false)), FontDefault("hinting", .bool(true)),
        FontDefault("autohint", .bool(false)), FontDefault("minspace", .bool(false)), FontDefault("hintstyle", .integer(3)),
        FontDefault("rgba", .integer(0)), FontDefault("lcdfilter", .integer(1)), FontDefault("dpi", .double(96)),
        FontDefault("scale", .double(1)),
    ]

    /// A press of `key`, as a platform reports it; the stroke is blank, as
    /// no screen reader listens here.
    public static func press(_ key: Key) -> PlatformEvent {
        .keyPressed(key, KeyStroke(isPress: true, keysym: 0, keycode: 0, modifiers: 0, text: "", time: 1))
    }

    public func openWindow(_ request: WindowRequest, text: TextEngine) throws(PlatformError) -> any FrameSurface {
        let width = request.width ?? Int((Double(request.defaultWidth) * request.scale).rounded())
        let height = request.height ?? Int((Double(request.defaultHeight) * request.scale).rounded())
        requests.append("open \(width)x\(height) \"\(request.title)\"" + (request.maximized ? " maximized" : ""))
        let surface = RecordingSurface(width: width, height: height)
        main = surface
        return surface
    }

    public func rescale(to scale: Double, text: TextEngine) -> Size {
        requests.append("rescale to \(scale)")
        return Size(width: Double(main?.width ?? 0), height: Double(main?.height ?? 0))
    }

    public func retext(to scale: Double, text: TextEngine) -> Size {
        requests.append("retext to \(scale)")
        return Size(width: Double(main?.width ?? 0), height: Double(main?.height ?? 0))
    }

    public func presentMainFrame() {
        requests.append("present main \(main.map { "\($0.width)x\($0.height)" } ?? "none")")
        if let frameCallbackInterval { frameCallbackDue = now + frameCallbackInterval }
    }

    public func setTitle(_ title: String) {
        requests.append("title \"\(title)\"")
    }

    public func openPopup(_ request: PopupRequest) -> PopupPlacement? {
        let placement = request.plan.placement(below: request.anchor.rect, gap: request.gap, area: screen, alignedTo: request.edge)
        let frame = PixelRect(placement.frame)
        requests.append("open popup at \(frame.x),\(frame.y) \(frame.width)x\(frame.height) below \(request.anchor)")
        popup = RecordingSurface(width: frame.width, height: frame.height)
        return placement
    }

    public func repositionPopup(_ request: PopupRequest) -> PopupPlacement? {
        guard let popup else { return nil }
        let placement = request.plan.placement(below: request.anchor.rect, gap: request.gap, area: screen, alignedTo: request.edge)
        let frame = PixelRect(placement.frame)
        requests.append("move popup to \(frame.x),\(frame.y) \(frame.width)x\(frame.height) below \(request.anchor)")
        _ = popup.resize(width: frame.width, height: frame.height)
        return placement
    }

    public var popupSurface: (any FrameSurface)? { popup }

    public func closePopup() {
        guard popup != nil else { return }
        requests.append("close popup")
        popup = nil
    }

    public func pendingEvents() -> [PlatformEvent] {
        defer { pending = [] }
        return pending
    }

    public func wait(until deadline: Double?, alsoWatching descriptors: [Int32]) -> [Int32] {
        // What a platform allocates while the loop waits is not the loop's.
        AllocationCount.uncounted { waitUncounted(until: deadline, alsoWatching: descriptors) }
    }

    private func waitUncounted(until deadline: Double?, alsoWatching descriptors: [Int32]) -> [Int32] {
        sleeps.append(deadline)
        var watched = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        if poll(&watched, nfds_t(watched.count), 0) > 0 {
            return watched.filter { $0.revents != 0 }.map(\.fd)
        }
        if let due = frameCallbackDue, deadline.map({ due <= $0 }) ?? true {
            now = max(now, due)
            frameCallbackDue = nil
            pending = [.frameReady]
            return []
        }
        if let next = timed.first, deadline.map({ next.at <= $0 }) ?? true {
            timed.removeFirst()
            now = max(now, next.at)
            pending = next.events
            return []
        }
        if let deadline {
            now = max(now, deadline)
            return []
        }
        pending = nextBatch() ?? [.closeRequested]
        return []
    }

    public var isReadyForFrame: Bool { frameCallbackDue == nil }
    public var refreshRate: Double { 60 }
    public func finishStartup() {}
    /// The accessibility bus the desktop names; none unless a test starts one.
    public var accessibilityBusAddress: String?
    public var windowOrigin: Point? { Point(x: 0, y: 0) }
    public func flush() {}
    public func focusMoved(to rect: PixelRect, in role: WindowRole) { focusMoves.append((role, rect)) }
}

/// A surface that records what was painted on it since it was last cleared.
public final class RecordingSurface: FrameSurface {
    public private(set) var width: Int
    public private(set) var height: Int
    public private(set) var canvas = RecordingCanvas()
    public private(set) var presented = 0

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public func resize(width: Int, height: Int) -> Bool {
        guard width != self.width || height != self.height else { return false }
        self.width = width
        self.height = height
        return true
    }

    public func present() {
        presented += 1
    }

    public func clear(_ color: Color) {
        canvas = RecordingCanvas()
        canvas.clear(color)
    }

    public func fill(_ shape: Shape, x: Int, y: Int, color: Color) {
        canvas.fill(shape, x: x, y: y, color: color)
    }

    public func drawText(_ text: String, x: Int, baseline: Int, style: TextStyle, color: Color, clip: PixelRect?) {
        canvas.drawText(text, x: x, baseline: baseline, style: style, color: color, clip: clip)
    }

    public func drawText(_ line: WrappedLine, x: Int, baseline: Int, style: TextStyle, color: Color, clip: PixelRect?) {
        canvas.drawText(line, x: x, baseline: baseline, style: style, color: color, clip: clip)
    }
}
