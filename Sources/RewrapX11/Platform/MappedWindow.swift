import CX11
import RewrapLayout
import RewrapScene

/// The main window once it is open: the X window and the back buffer it is
/// drawn through, made together, with what opening it decided and what the
/// window manager has said of it since. The platform holds one only from
/// `openWindow` on, in its window phase, so no request can name a window
/// that is not there.
final class MappedWindow {
    let id: Window
    let buffer: BackBuffer
    /// The default size it opened at, fitted again to its monitor once the
    /// monitors are known (`watchDesktop`); nil when a size was asked for.
    let defaultSize: Size?
    /// The user placed it (`--geometry` with a position).
    let userPlaced: Bool
    /// Drawn and published by `finishStartup`.
    let icon: (size: Int, draw: (Int) -> [UInt32])?
    /// Monitors, work area and the window's place: see X11Platform+Desktop.swift.
    var tracking: DesktopTracking
    /// The interface scale it is drawn at.
    var scale: Double
    /// The smallest size the window manager is asked to allow, at 1×.
    let minimumAtUnitScale: Size
    /// `_NET_WM_SYNC_REQUEST`'s counter; nil when the server has no SYNC.
    let syncCounter: SyncCounter?
    /// The launcher's startup sequence, until the window, mapped, completes it.
    var launch: StartupNotification?
    /// The window manager has mapped it once (`.windowShown`).
    var hasBeenShown = false
    /// Maximised both ways, as the window manager last said.
    var isMaximized = false

    init(id: Window, buffer: BackBuffer, defaultSize: Size?, userPlaced: Bool,
         icon: (size: Int, draw: (Int) -> [UInt32])?, tracking: DesktopTracking, scale: Double, minimumAtUnitScale: Size,
         syncCounter: SyncCounter?, launch: StartupNotification?) {
        self.id = id
        self.buffer = buffer
        self.defaultSize = defaultSize
        self.userPlaced = userPlaced
        self.icon = icon
        self.tracking = tracking
        self.scale = scale
        self.minimumAtUnitScale = minimumAtUnitScale
        self.syncCounter = syncCounter
        self.launch = launch
    }

    var minimumSize: Size { Metrics.rounded(minimumAtUnitScale, scale: scale) }
    /// Pixels one wheel click scrolls.
    var scrollStep: Double { Metrics(scale: scale).scrollStep }
}
