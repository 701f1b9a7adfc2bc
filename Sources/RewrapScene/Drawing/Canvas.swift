import RewrapLayout

/// The little a painter needs from a drawing surface. Each platform
/// implements it (X11 with XRender, Wayland with pixman); tests
/// record the calls.
public protocol Canvas: AnyObject {
    /// Fills the whole surface.
    func clear(_ color: Color)
    /// Fills `shape` with its top-left pixel at (`x`, `y`), `color` scaled by
    /// the shape's coverage at each pixel.
    func fill(_ shape: Shape, x: Int, y: Int, color: Color)
    /// Draws one line of text with its baseline's left end at (`x`, `baseline`),
    /// showing only what falls inside `clip` when one is given.
    func drawText(_ text: String, x: Int, baseline: Int, style: TextStyle, color: Color, clip: PixelRect?)
    /// Draws one line of a wrapped paragraph, ordered as the paragraph
    /// orders it; a surface that does not order text draws the line alone.
    func drawText(_ line: WrappedLine, x: Int, baseline: Int, style: TextStyle, color: Color, clip: PixelRect?)
}

extension Canvas {
    public func drawText(_ line: WrappedLine, x: Int, baseline: Int, style: TextStyle, color: Color, clip: PixelRect?) {
        drawText(line.text, x: x, baseline: baseline, style: style, color: color, clip: clip)
    }

    /// Draws one line of text, unclipped.
    public func drawText(_ text: String, x: Int, baseline: Int, style: TextStyle, color: Color) {
        drawText(text, x: x, baseline: baseline, style: style, color: color, clip: nil)
    }

    /// Fills a rectangle; an empty one draws nothing.
    public func fillRect(x: Int, y: Int, width: Int, height: Int, color: Color) {
        guard width > 0, height > 0 else { return }
        fill(.rect(width: width, height: height), x: x, y: y, color: color)
    }
}

