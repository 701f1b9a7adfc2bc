import RewrapLayout
import RewrapScene
import RewrapText

/// A surface a frame is painted into and then shown.
public protocol FrameSurface: Canvas {
    var width: Int { get }
    var height: Int { get }
    /// Returns true when the size changed, and so the pixels are stale.
    @discardableResult func resize(width: Int, height: Int) -> Bool
    /// Shows what was painted since the last time.
    func present()
}

/// How to open the main window. Sizes are the platform's pixels at `scale`.
public struct WindowRequest {
    public var title: String
    /// The desktop file's name, which Wayland compositors match windows by.
    public var appID: String
    /// The interface scale the window is drawn at.
    public var scale: Double
    /// Nil opens at the platform's default: 680 × 420 times the scale, made
    /// to fit the desktop where the platform knows its size.
    public var width: Int?
    public var height: Int?
    /// Set only when the user placed the window, for platforms that can.
    public var x: Int?
    public var y: Int?
    /// Opens maximised, as the person left it; `width` and `height` are
    /// then the size to return to when they unmaximise. A platform reports
    /// later changes with `.maximizedChanged`.
    public var maximized = false
    /// Unscaled, as rules §1 gives them.
    public var defaultWidth = 680
    public var defaultHeight = 420
    public var minimumWidth = 320
    public var minimumHeight = 240
    /// The square icon's size, and how to draw it at that size as ARGB
    /// pixels row by row, for platforms that publish one.
    public var icon: (size: Int, draw: (Int) -> [UInt32])?

    /// A window titled `title` for the app `appID`, drawn at `scale`, sized and placed when given.
    public init(title: String, appID: String, scale: Double, width: Int? = nil, height: Int? = nil, x: Int? = nil, y: Int? = nil,
                maximized: Bool = false, icon: (size: Int, draw: (Int) -> [UInt32])? = nil) {
        self.title = title
        self.appID = appID
        self.scale = scale
        self.width = width
        self.height = height
        self.x = x
        self.y = y
        self.maximized = maximized
        self.icon = icon
    }
}

/// A popup as the app describes it: a plan, anchored below a rectangle of
/// the main window and lined up with one of its edges. The platform decides
/// where it really goes: X11 from the monitors and work area it knows,
/// Wayland by asking the compositor through a positioner.
public struct PopupRequest: Equatable, Sendable {
    public var plan: PopupPlan
    /// Window pixels.
    public var anchor: PixelRect
    public var gap: Double
    public var edge: HorizontalEdge

    /// A popup showing `plan`, `gap` below `anchor`, lined up with its `edge`.
    public init(plan: PopupPlan, anchor: PixelRect, gap: Double, edge: HorizontalEdge) {
        self.plan = plan
        self.anchor = anchor
        self.gap = gap
        self.edge = edge
    }
}

/// What the app asks of a desktop platform. The platform is asked, never
/// asked back: it answers with events.
///
///     let platform: any Platform = try X11Platform(display: nil)   // the X11 platform
///     let surface = try platform.openWindow(request, text: engine)
///     for event in platform.pendingEvents() { ... }
///     platform.wait(until: nil, alsoWatching: [])   // sleeps until something happens
public protocol Platform: AnyObject {
    /// The desktop's settings of the moment; `.settingsChanged` says when they change.
    var settings: DesktopSettings { get }

    /// Opens the main window and returns its surface; the engine draws its text.
    func openWindow(_ request: WindowRequest, text: TextEngine) throws(PlatformError) -> any FrameSurface

    /// Shows the main surface's latest frame.
    func presentMainFrame()
    /// Titles the open main window anew, as when the panel file's title changed.
    func setTitle(_ title: String)
    /// Draws at `scale` with `text` from now on, as when the desktop's DPI
    /// changed; the window is asked for at the size that shows the same
    /// content, and that size is returned.
    func rescale(to scale: Double, text: TextEngine) -> Size
    /// Draws with `text`, set at `scale` for large text or another font,
    /// from now on, while the window keeps its size, which is returned.
    func retext(to scale: Double, text: TextEngine) -> Size

    /// Opens `request`'s popup and returns where it went when that is known
    /// at once; otherwise a `.popupPlaced` event follows.
    func openPopup(_ request: PopupRequest) -> PopupPlacement?
    /// Moves the open popup to stay below its anchor as the anchor moves,
    /// keeping its plan; returns where it went when that is known at once,
    /// otherwise a `.popupPlaced` event follows.
    func repositionPopup(_ request: PopupRequest) -> PopupPlacement?
    /// The open popup's surface, once it has a size.
    var popupSurface: (any FrameSurface)? { get }
    /// Closes the open popup, if any.
    func closePopup()

    /// Every event already queued, translated; never blocks.
    func pendingEvents() -> [PlatformEvent]
    /// Sleeps until the platform has events, one of `descriptors` is
    /// readable, or `deadline` (CLOCK_MONOTONIC seconds) comes; nil waits
    /// without a limit. Returns the descriptors among `descriptors` that are ready.
    @discardableResult
    func wait(until deadline: Double?, alsoWatching descriptors: [Int32]) -> [Int32]
    /// Whether a frame drawn now would be shown: false while a platform that
    /// paces frames itself waits for the compositor (`.frameReady` follows).
    var isReadyForFrame: Bool { get }
    /// Frames per second of the display showing most of the window.
    var refreshRate: Double { get }

    /// Called once per pass after the first frame is presented: sets up what
    /// that frame did not need, so nothing delays it.
    func finishStartup()
    /// The accessibility bus's address, when the desktop publishes it; the
    /// session bus's `org.a11y.Bus` is asked otherwise.
    var accessibilityBusAddress: String? { get }
    /// The main window's top-left corner on the screen, for platforms that
    /// know it; nil where positions are the compositor's secret (Wayland),
    /// and accessible extents are then relative to the window.
    var windowOrigin: Point? { get }
    /// Sends what is queued now, so a measurement includes handing it over.
    func flush()
    /// Where the control that takes the keys is, in window `role`'s pixels
    /// (an open menu's highlighted row, in the popup's), so an input method
    /// shows its candidates beside it. Platforms with none to tell ignore it.
    func focusMoved(to rect: PixelRect, in role: WindowRole)
}

extension Platform {
    /// Where the window's size is logical, as on Wayland, a new scale
    /// already keeps it: new text is a rescale.
    public func retext(to scale: Double, text: TextEngine) -> Size {
        rescale(to: scale, text: text)
    }

    public func focusMoved(to rect: PixelRect, in role: WindowRole) {}
}

/// Why a platform could not start: one line for the user.
public struct PlatformError: Error {
    public var message: String

    /// An error the user reads as `message`.
    public init(_ message: String) {
        self.message = message
    }
}
