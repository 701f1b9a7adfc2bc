import CX11
import RewrapLayout
import RewrapScene
import RewrapText

/// The interface scale, and following the desktop's DPI live: a new
/// `Xft/DPI` from XSETTINGS sets the text at the new size, asks for the
/// window at the size that keeps what it shows, and announces itself as
/// `.settingsChanged`, after which the app lays out and draws at `scale`.
extension Toolkit {
    /// `--scale` when given, else the desktop's DPI over 96 (XSETTINGS, then
    /// the `Xft.dpi` resource), else 1.
    static func scale(option: Double?, settings: XSettings?, connection: XConnection) -> Double {
        // A DPI no screen has (nan, zero, two million) is no scale to follow.
        let detected = (settings?.dpi ?? resourceDPI(connection)).flatMap { (24...1536).contains($0) ? $0 / 96 : nil }
        return Metrics.clamped(scale: option ?? detected ?? 1)
    }

    /// Xft's own defaults finish every pattern, so the desktop's hinting and
    /// antialiasing settings shape measuring as they shape drawing.
    static func textEngine(_ connection: XConnection, pattern: String, scale: Double,
                           direction: LayoutDirection) throws(TextEngineError) -> TextEngine {
        let display = connection.display, screen = connection.screen
        return try TextEngine(options: FontOptions(pattern: pattern, scale: scale) { XftDefaultSubstitute(display, screen, $0) },
                              direction: direction)
    }

    /// After new settings: takes up the scale they ask for, unless `--scale`
    /// was given. The window is asked for at its present size times the
    /// change (within its monitor's work area, as a default size is), so it
    /// shows the same content, larger or smaller.
    func followDesktopScale() {
        let next = Self.scale(option: scaleOption, settings: settings, connection: connection)
        guard next != scale else { return }
        let engine: TextEngine
        do {
            engine = try Self.textEngine(connection, pattern: fontPattern, scale: next, direction: text.direction)
        } catch {
            writeLine("rewrap: cannot set text at the desktop's new scale \(next): \(error.message)")
            return
        }
        let ratio = next / scale
        scale = next
        scrollStep = Metrics(scale: next).scrollStep
        // Each engine's faces are numbered from the start: new fonts for them.
        text = engine
        glyphFonts = GlyphFonts(connection: connection)
        mainBuffer.setText(engine, fonts: glyphFonts)
        popup?.buffer.setText(engine, fonts: glyphFonts)

        let frame = tracking.windowFrame
        let wanted = Size(width: (frame.width * ratio).rounded(), height: (frame.height * ratio).rounded())
        let size = tracking.desktop.fittedWindowSize(wanted, at: frame.origin, minimum: minimumSize)
        mainWindowSize = size
        setSizeHints(x: Int(frame.minX), y: Int(frame.minY), width: Int(size.width), height: Int(size.height))
        XResizeWindow(connection.display, mainWindow, UInt32(size.width), UInt32(size.height))
        connection.flush()
    }
}
