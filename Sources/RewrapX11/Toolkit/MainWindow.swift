import CX11
import RewrapLayout

/// The main window once it is open: the X window and the back buffer it is
/// drawn through, made together, with what opening it decided. The toolkit
/// holds one only from `openWindow` on, so no request can name a window
/// that is not there.
final class MainWindow {
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

    init(id: Window, buffer: BackBuffer, initialSize: Size, fitsDefaultSize: Bool, userPlaced: Bool,
         icon: (size: Int, draw: (Int) -> [UInt32])?) {
        self.id = id
        self.buffer = buffer
        self.initialSize = initialSize
        self.fitsDefaultSize = fitsDefaultSize
        self.userPlaced = userPlaced
        self.icon = icon
    }
}
