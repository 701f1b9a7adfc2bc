import CX11
import RewrapPlatform
import RewrapLayout
import RewrapScene
import RewrapText

/// An off-screen pixmap the size of a window, drawn with Xft and XRender and
/// then copied to the window in one request, so nothing half-drawn shows.
/// Text arrives shaped from the text engine and is drawn glyph by glyph
/// where the engine placed it.
///
/// Each shape is rasterised once into an alpha mask on the server and then
/// composited through a solid colour, so a repaint costs one request per
/// shape rather than one per run of antialiased pixels.
public final class BackBuffer: FrameSurface {
    private let connection: XConnection
    private var engine: TextEngine
    private var fonts: GlyphFonts
    /// How far outside the buffer a glyph's origin may lie and still show ink.
    private var margin: Int
    private let window: Window
    /// Reused for every line and only grown, so drawing text allocates
    /// nothing once warm; its count is capacity, not the line's length.
    private var specs: [XftGlyphFontSpec] = []
    private let gc: GC
    private let precision: VisualPrecision
    /// The pixmap drawn into and Xft's drawable over it, made together at
    /// `allocated`, a size that may exceed the window's (see `resize`).
    private var pixmap: Pixmap
    private var draw: OpaquePointer
    private var allocated: (width: Int, height: Int)
    /// A palette's few colours.
    private var colors = SmallTable<Color, XftColor>(capacity: 32)
    private var solids = SmallTable<Color, Picture>(capacity: 32)
    private var masks: [Shape: Mask] = [:]
    /// The last masks used: a frame fills the same few shapes (a control's
    /// ends, a chevron) over and over. `masks` owns them all.
    private var recentMasks = SmallTable<Shape, Mask>(capacity: 8)
    /// Animated widths pass through many sizes; past this many masks, start afresh.
    private let maskCapacity = 256

    /// A shape's coverage as an A8 picture, and where it sits relative to the shape's origin.
    private struct Mask {
        var pixmap: Pixmap
        var picture: Picture
        var x: Int
        var y: Int
        var width: Int
        var height: Int
    }
    public private(set) var width: Int
    public private(set) var height: Int

    /// A buffer for `window`, `width` by `height`, whose text `text` sets and `fonts` draws.
    init(connection: XConnection, text: TextEngine, fonts: GlyphFonts, window: Window, width: Int, height: Int) {
        self.connection = connection
        engine = text
        self.fonts = fonts
        margin = Self.margin(text)
        self.window = window
        // Copying from a pixmap never leaves a region unfilled, so the server
        // need not answer every present with a NoExpose event.
        var values = XGCValues()
        values.graphics_exposures = 0
        gc = XCreateGC(connection.display, window, UInt(GCGraphicsExposures), &values)
        let visual = connection.visual.pointee
        precision = VisualPrecision(redMask: visual.red_mask, greenMask: visual.green_mask, blueMask: visual.blue_mask)
        self.width = max(1, width)
        self.height = max(1, height)
        allocated = (self.width, self.height)
        (pixmap, draw) = Self.drawable(connection, window: window, size: allocated)
    }

    /// A pixmap of `size` for `window`, with Xft's drawable over it.
    private static func drawable(_ connection: XConnection, window: Window, size: (width: Int, height: Int)) -> (Pixmap, OpaquePointer) {
        let pixmap = XCreatePixmap(connection.display, window, UInt32(size.width), UInt32(size.height), UInt32(connection.depth))
        // Xft allocates only the drawable's record here; it cannot fail but for memory.
        return (pixmap, XftDrawCreate(connection.display, pixmap, connection.visual, connection.colormap)!)
    }

    private static func margin(_ text: TextEngine) -> Int {
        4 * text.line("M", style: .body).ascent + 64
    }

    /// Draws the text of another engine from now on: one at a new scale.
    func setText(_ text: TextEngine, fonts: GlyphFonts) {
        engine = text
        self.fonts = fonts
        margin = Self.margin(text)
    }

    deinit {
        release()
        releaseMasks()
        for picture in solids.values { XRenderFreePicture(connection.display, picture) }
        for var color in colors.values { XftColorFree(connection.display, connection.visual, connection.colormap, &color) }
        XFreeGC(connection.display, gc)
    }

    /// Makes the buffer match the window's size; a no-op, returning false,
    /// when it already does. The pixmap grows to fit and is kept while the
    /// window covers at least a quarter of it, so a window dragged narrower
    /// and wider draws into one pixmap instead of a new one for every size.
    @discardableResult
    public func resize(width: Int, height: Int) -> Bool {
        let width = max(1, width), height = max(1, height)
        guard width != self.width || height != self.height else { return false }
        self.width = width
        self.height = height
        let fits = width <= allocated.width && height <= allocated.height
        guard !fits || !Self.covers(width, height, quarterOf: allocated) else { return true }
        release()
        let grown = (width: max(width, allocated.width), height: max(height, allocated.height))
        allocated = Self.covers(width, height, quarterOf: grown) ? grown : (width, height)
        (pixmap, draw) = Self.drawable(connection, window: window, size: allocated)
        return true
    }

    private static func covers(_ width: Int, _ height: Int, quarterOf pixmap: (width: Int, height: Int)) -> Bool {
        4 * width * height >= pixmap.width * pixmap.height
    }

    /// Copies the finished frame to the window.
    public func present() {
        XCopyArea(connection.display, pixmap, window, gc, 0, 0, UInt32(width), UInt32(height), 0, 0)
    }

    public func clear(_ color: Color) {
        fillRect(x: 0, y: 0, width: width, height: height, color: color, operation: PictOpSrc)
    }

    public func fill(_ shape: Shape, x: Int, y: Int, color: Color) {
        if case .rect(let width, let height) = shape {
            return fillRect(x: x, y: y, width: width, height: height, color: color, operation: PictOpOver)
        }
        guard let stretch = shape.stretch else {
            guard let mask = mask(for: shape) else { return }
            return composite(mask, from: 0, width: mask.width, x: x + mask.x, y: y + mask.y, color: color)
        }
        // Only the ends are curved: mask them from the narrow copy, fill the middle.
        guard let ends = mask(for: stretch.ends) else { return }
        let right = x + ends.x + shape.width - stretch.cap
        composite(ends, from: 0, width: stretch.cap, x: x + ends.x, y: y + ends.y, color: color)
        composite(ends, from: stretch.cap, width: ends.width - stretch.cap, x: right, y: y + ends.y, color: color)
        for span in stretch.middle {
            fillRect(x: x + span.x, y: y + span.y, width: span.width, height: span.height, color: color, operation: PictOpOver)
        }
    }

    public func drawText(_ text: String, x: Int, baseline: Int, style: TextStyle, color: Color, clip: PixelRect?) {
        drawShaped(engine.line(text, style: style), x: x, baseline: baseline, color: color, clip: clip)
    }

    public func drawText(_ line: WrappedLine, x: Int, baseline: Int, style: TextStyle, color: Color, clip: PixelRect?) {
        drawShaped(engine.line(line, style: style), x: x, baseline: baseline, color: color, clip: clip)
    }

    private func drawShaped(_ line: ShapedLine, x: Int, baseline: Int, color: Color, clip: PixelRect?) {
        // Setting a clip costs the server two requests a label; a line that
        // stays inside its box does without.
        let clip = clip.flatMap { Self.reaches(line, x: x, baseline: baseline, outside: $0) ? $0 : nil }
        if let clip {
            // Only the part on the buffer matters, and it fits X's 16 bits.
            let left = max(0, clip.x), right = min(width, clip.x + clip.width)
            let top = max(0, clip.y), bottom = min(height, clip.y + clip.height)
            guard right > left, bottom > top else { return }
            var rectangle = XRectangle(x: Int16(clamping: left), y: Int16(clamping: top), width: UInt16(clamping: right - left), height: UInt16(clamping: bottom - top))
            XftDrawSetClipRectangles(draw, 0, 0, &rectangle, 1)
        }
        // Glyphs well outside the buffer are left out, so positions stay
        // within X's 16 bits however long the line.
        if specs.count < line.glyphCount {
            specs = Array(repeating: XftGlyphFontSpec(), count: max(line.glyphCount, 2 * specs.count))
        }
        let left = -margin, right = width + margin, top = -margin, bottom = height + margin
        let fonts = self.fonts
        // Written through one buffer pointer: appending would check the
        // array's uniqueness, and access to it, for every glyph.
        specs.withUnsafeMutableBufferPointer { specs in
            var count = 0
            for run in line.runs {
                guard let font = fonts.font(for: run.face) else { continue }
                for glyph in run.glyphs {
                    let gx = x + Int(glyph.x), gy = baseline + Int(glyph.y)
                    guard gx > left, gx < right, gy > top, gy < bottom else { continue }
                    specs[count] = XftGlyphFontSpec(font: font, glyph: FT_UInt(glyph.id), x: Int16(clamping: gx),
                                                    y: Int16(clamping: gy))
                    count += 1
                }
            }
            // Xft sends one request per call, and a request past X's 256 kB
            // kills the connection: a label of 22,000 joiners reached it.
            withColor(color) { color in
                for start in stride(from: 0, to: count, by: Self.glyphsPerRequest) {
                    XftDrawGlyphFontSpec(draw, color, specs.baseAddress! + start, Int32(min(Self.glyphsPerRequest, count - start)))
                }
            }
        }
        if clip != nil { XftDrawSetClip(draw, nil) }
    }

    /// About 12 bytes each on the wire: well under a request's limit.
    private static let glyphsPerRequest = 4096

    private static func reaches(_ line: ShapedLine, x: Int, baseline: Int, outside box: PixelRect) -> Bool {
        x < box.x || x + line.width > box.x + box.width
            || baseline - line.ascent - line.reach < box.y || baseline + line.descent + line.reach > box.y + box.height
    }

    /// Clipped to the buffer, so coordinates stay within X's 16 bits
    /// however wide a label makes a control.
    private func fillRect(x: Int, y: Int, width: Int, height: Int, color: Color, operation: Int32) {
        let left = max(0, x), right = min(self.width, x + width)
        let top = max(0, y), bottom = min(self.height, y + height)
        guard right > left, bottom > top else { return }
        var render = premultiplied(color)
        XRenderFillRectangle(connection.display, operation, XftDrawPicture(draw), &render, Int32(left), Int32(top),
                             UInt32(right - left), UInt32(bottom - top))
    }

    /// Colour through columns `from..<from + width` of `mask`, placed at (`x`, `y`), clipped to the buffer.
    private func composite(_ mask: Mask, from: Int, width: Int, x: Int, y: Int, color: Color) {
        let left = max(0, x), right = min(self.width, x + width)
        let top = max(0, y), bottom = min(self.height, y + mask.height)
        guard right > left, bottom > top else { return }
        XRenderComposite(connection.display, PictOpOver, solid(color), mask.picture, XftDrawPicture(draw), 0, 0,
                         Int32(from + left - x), Int32(top - y), Int32(left), Int32(top),
                         UInt32(right - left), UInt32(bottom - top))
    }

    /// The shape's mask, rasterised on first use: spans of equal coverage
    /// (shapes list them together) go out in one request each.
    private func mask(for shape: Shape) -> Mask? {
        if let recent = recentMasks[shape] { return recent }
        if let mask = masks[shape] { return remember(mask, for: shape) }
        let spans = shape.spans
        guard let minX = spans.map(\.x).min(), let minY = spans.map(\.y).min(),
              let maxX = spans.map({ $0.x + $0.width }).max(), let maxY = spans.map({ $0.y + $0.height }).max(),
              maxX > minX, maxY > minY else { return nil }
        if masks.count >= maskCapacity { releaseMasks() }
        let display = connection.display
        let width = maxX - minX, height = maxY - minY
        let pixmap = XCreatePixmap(display, window, UInt32(width), UInt32(height), 8)
        let picture = XRenderCreatePicture(display, pixmap, XRenderFindStandardFormat(display, Int32(PictStandardA8)), 0, nil)
        var clear = XRenderColor()
        XRenderFillRectangle(display, PictOpSrc, picture, &clear, 0, 0, UInt32(width), UInt32(height))
        var batch: [XRectangle] = []
        var index = 0
        while index < spans.count {
            let coverage = spans[index].coverage
            batch.removeAll(keepingCapacity: true)
            while index < spans.count, spans[index].coverage == coverage {
                let span = spans[index]
                batch.append(XRectangle(x: Int16(clamping: span.x - minX), y: Int16(clamping: span.y - minY),
                                        width: UInt16(clamping: max(0, span.width)), height: UInt16(clamping: max(0, span.height))))
                index += 1
            }
            var level = XRenderColor(red: 0, green: 0, blue: 0, alpha: channel(coverage))
            batch.withUnsafeBufferPointer {
                XRenderFillRectangles(display, PictOpSrc, picture, &level, $0.baseAddress, Int32($0.count))
            }
        }
        let mask = Mask(pixmap: pixmap, picture: picture, x: minX, y: minY, width: width, height: height)
        masks[shape] = mask
        return remember(mask, for: shape)
    }

    private func remember(_ mask: Mask, for shape: Shape) -> Mask {
        _ = recentMasks.insert(mask, for: shape)
        return mask
    }

    private func solid(_ color: Color) -> Picture {
        if let picture = solids[color] { return picture }
        var render = premultiplied(color)
        let picture = XRenderCreateSolidFill(connection.display, &render)
        if let evicted = solids.insert(picture, for: color) { XRenderFreePicture(connection.display, evicted) }
        return picture
    }

    /// XRender wants premultiplied colour. An opaque colour is rounded to
    /// the visual's levels, so it shows the same at every depth; a
    /// translucent one keeps full precision for the server to blend.
    private func premultiplied(_ color: Color) -> XRenderColor {
        guard color.alpha < 1 else {
            return XRenderColor(red: precision.channel(color.red, bits: precision.redBits),
                                green: precision.channel(color.green, bits: precision.greenBits),
                                blue: precision.channel(color.blue, bits: precision.blueBits), alpha: 0xffff)
        }
        return XRenderColor(red: channel(color.red * color.alpha), green: channel(color.green * color.alpha),
                            blue: channel(color.blue * color.alpha), alpha: channel(color.alpha))
    }

    private func releaseMasks() {
        for mask in masks.values {
            XRenderFreePicture(connection.display, mask.picture)
            XFreePixmap(connection.display, mask.pixmap)
        }
        masks.removeAll(keepingCapacity: true)
        recentMasks.removeAll()
    }

    private func channel(_ value: Double) -> UInt16 {
        UInt16((min(1, max(0, value)) * 65535).rounded())
    }

    private func withColor(_ color: Color, _ body: (UnsafePointer<XftColor>) -> Void) {
        if let known = colors[color] { return withUnsafePointer(to: known) { body($0) } }
        var render = premultiplied(color)
        var xftColor = XftColor()
        XftColorAllocValue(connection.display, connection.visual, connection.colormap, &render, &xftColor)
        if var evicted = colors.insert(xftColor, for: color) {
            XftColorFree(connection.display, connection.visual, connection.colormap, &evicted)
        }
        withUnsafePointer(to: xftColor) { body($0) }
    }

    /// Frees the pixmap and its drawable, just before new ones take their place or the buffer goes.
    private func release() {
        XftDrawDestroy(draw)
        XFreePixmap(connection.display, pixmap)
    }
}
