import CX11
import RewrapLayout
import RewrapPlatform
import RewrapScene
import RewrapText

/// A new interface scale, as when the desktop's `Xft/DPI` changed: the text
/// is drawn with the app's new engine, and the window is asked for at the
/// size that shows what it showed, larger or smaller.
extension X11Platform {
    public func rescale(to next: Double, text engine: TextEngine) -> Size {
        guard let window else { return Size(width: 0, height: 0) }
        retext(window, engine)
        let ratio = next / window.scale
        window.scale = next

        let frame = window.tracking.windowFrame
        let wanted = Size(width: (frame.width * ratio).rounded(), height: (frame.height * ratio).rounded())
        let size = window.tracking.desktop.fittedWindowSize(wanted, at: frame.origin, minimum: window.minimumSize)
        setSizeHints(of: window, x: Int(frame.minX), y: Int(frame.minY), width: Int(size.width), height: Int(size.height))
        XResizeWindow(connection.display, window.id, UInt32(size.width), UInt32(size.height))
        connection.flush()
        return size
    }

    /// Large text or another font: the text is drawn with the app's new
    /// engine at `next`, and the window keeps its size.
    public func retext(to next: Double, text engine: TextEngine) -> Size {
        guard let window else { return Size(width: 0, height: 0) }
        retext(window, engine)
        window.scale = next
        let frame = window.tracking.windowFrame
        return Size(width: frame.width, height: frame.height)
    }

    /// Draws both windows' text with `engine` from now on. Each engine's
    /// faces are numbered from the start: new fonts for them.
    private func retext(_ window: MappedWindow, _ engine: TextEngine) {
        glyphSets = GlyphSets(connection: connection)
        window.buffer.setText(engine, glyphs: glyphSets)
        popup?.buffer.setText(engine, glyphs: glyphSets)
    }
}
