import CX11
import RewrapLayout
import RewrapScene

/// The main window once it is open: the X window and the back buffer it is
/// drawn through, made together, with what opening it decided. The platform
/// holds one only from `openWindow` on, so no request can name a window
/// that is not there.
final class MappedWindow {
    let id: Window
    let buffer: BackBuffer
    /// Its size when it opened.
    let initialSize: Size
    /// It opened at its default size, which is fitted again to its monitor
    /// once the monitors are known (`watchDesktop`).
    let fitsDefaultSize: Bool
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

    init(id: Window, buffer: BackBuffer, initialSize: Size, fitsDefaultSize: Bool, userPlaced: Bool,
         icon: (size: Int, draw: (Int) -> [UInt32])?, tracking: DesktopTracking, scale: Double, minimumAtUnitScale: Size) {
        self.id = id
        self.tracking = tracking
        self.scale = scale
        self.minimumAtUnitScale = minimumAtUnitScale
        self.buffer = buffer
        self.initialSize = initialSize
        self.fitsDefaultSize = fitsDefaultSize
        self.userPlaced = userPlaced
        self.icon = icon
    }

    var minimumSize: Size { Metrics.rounded(minimumAtUnitScale, scale: scale) }
    /// Pixels one wheel click scrolls.
    var scrollStep: Double { Metrics(scale: scale).scrollStep }
}
