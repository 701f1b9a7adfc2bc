import CX11
import RewrapPlatform
import RewrapLayout
import RewrapScene
import RewrapText

/// An off-screen pixmap the size of a window, drawn with XRender and then
/// copied to the window in one request, so nothing half-drawn shows. Text
/// arrives shaped from the text engine and is drawn glyph by glyph where
/// the engine placed it, from the images its rasteriser made (`GlyphSets`).
///
/// Each shape is rasterised once into an alpha mask on the server and then
/// composited through a solid colour, so a repaint costs one request per
/// shape rather than one per run of antialiased pixels.
public final class BackBuffer: FrameSurface {
    private let connection: XConnection
    /// What its text, and its popup's, is set and drawn with; new with a new scale.
    private(set) var engine: TextEngine
    private var glyphs: GlyphSets
    /// How far outside the buffer a glyph's origin may lie and still show ink.
    private var margin: Int
    private let window: Window
    /// A line's mask glyphs and their origins, reused for every line and
    /// only grown, so drawing text allocates nothing once warm; their count
    /// is capacity, not the line's length.
    private var glyphIDs: [UInt32] = []
    private var origins: [(x: Int, y: Int)] = []
    private var elements: [XGlyphElt32] = []
    private var colorGlyphs: [(glyph: GlyphSets.ColorGlyph, x: Int, y: Int)] = []
    private let gc: GC
    private let precision: VisualPrecision
    /// The pixmap drawn into and the picture XRender draws on it with, made
    /// together at `allocated`, a size that may exceed the window's (see `resize`).
    private var pixmap: Pixmap
    private var picture: Picture
    private var allocated: (width: Int, height: Int)
    /// A palette's few colours.
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

    /// A buffer for `window`, `width` by `height`, whose text `text` sets and `glyphs` draws.
    init(connection: XConnection, text: TextEngine, glyphs: GlyphSets, window: Window, width: Int, height: Int) {
        self.connection = connection
        engine = text
        self.glyphs = glyphs
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
        (pixmap, picture) = Self.drawable(connection, window: window, size: allocated)
    }

    /// A pixmap of `size` for `window`, with the picture XRender draws on it through.
    private static func drawable(_ connection: XConnection, window: Window, size: (width: Int, height: Int)) -> (Pixmap, Picture) {
        let pixmap = XCreatePixmap(connection.display, window, UInt32(size.width), UInt32(size.height), UInt32(connection.depth))
        let format = XRenderFindVisualFormat(connection.display, connection.visual)
        return (pixmap, XRenderCreatePicture(connection.display, pixmap, format, 0, nil))
    }

    private static func margin(_ text: TextEngine) -> Int {
        4 * text.line("M", style: .body).ascent + 64
    }

    /// Draws the text of another engine from now on: one at a new scale.
    func setText(_ text: TextEngine, glyphs: GlyphSets) {
        engine = text
        self.glyphs = glyphs
        margin = Self.margin(text)
    }

    deinit {
        release()
        releaseMasks()
        for picture in solids.values { XRenderFreePicture(connection.display, picture) }
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
        (pixmap, picture) = Self.drawable(connection, window: window, size: allocated)
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
            XRenderSetPictureClipRectangles(connection.display, picture, 0, 0, &rectangle, 1)
        }
        // Glyphs well outside the buffer are left out, so positions stay
        // within X's 16 bits however long the line.
        if glyphIDs.count < line.glyphCount {
            let capacity = max(line.glyphCount, 2 * glyphIDs.count)
            glyphIDs = Array(repeating: 0, count: capacity)
            origins = Array(repeating: (0, 0), count: capacity)
        }
        let left = -margin, right = width + margin, top = -margin, bottom = height + margin
        let glyphs = self.glyphs
        // Taken out while it is filled, so that appending copies nothing.
        var colors = colorGlyphs
        colorGlyphs = []
        colors.removeAll(keepingCapacity: true)
        // Written through buffer pointers: each write to the arrays
        // themselves would check their uniqueness, and access to them.
        let count = glyphIDs.withUnsafeMutableBufferPointer { ids in
            origins.withUnsafeMutableBufferPointer { origins in
                var count = 0
                for run in line.runs {
                    let uploaded = glyphs.glyphs(of: run.face, covering: run.glyphs)
                    uploaded.marks.withUnsafeBufferPointer { marks in
                        for glyph in run.glyphs {
                            let gx = x + Int(glyph.x), gy = baseline + Int(glyph.y)
                            guard gx > left, gx < right, gy > top, gy < bottom else { continue }
                            switch marks[Int(glyph.id)] {
                            case GlyphSets.noInk:
                                continue
                            case GlyphSets.color:
                                if let image = uploaded.colors[glyph.id] { colors.append((image, gx, gy)) }
                            case let id:
                                ids[count] = id
                                origins[count] = (gx, gy)
                                count += 1
                            }
                        }
                    }
                }
                return count
            }
        }
        colorGlyphs = colors
        // Coverage first, all of a line's glyphs added into one A8 mask and
        // composited through the colour once, as pixman does on Wayland.
        // A request past X's 256 kB kills the connection: a label of
        // 22,000 joiners reached it.
        for start in stride(from: 0, to: count, by: Self.glyphsPerRequest) {
            compositeMasks(start..<min(count, start + Self.glyphsPerRequest), color: color)
        }
        for (glyph, gx, gy) in colorGlyphs {
            XRenderComposite(connection.display, PictOpOver, glyph.picture, 0, picture, 0, 0, 0, 0, Int32(gx + glyph.left),
                             Int32(gy - glyph.top), UInt32(glyph.width), UInt32(glyph.height))
        }
        if clip != nil {
            var attributes = XRenderPictureAttributes()
            attributes.clip_mask = UInt(None)
            XRenderChangePicture(connection.display, picture, UInt(CPClipMask), &attributes)
        }
    }

    /// One text request for mask glyphs `range`: each element moves the pen
    /// from the glyph before (from the origin, for the first) to its own.
    private func compositeMasks(_ range: Range<Int>, color: Color) {
        if elements.count < range.count {
            elements = Array(repeating: XGlyphElt32(), count: max(range.count, 2 * elements.count))
        }
        let set = glyphs.masks, format = glyphs.maskFormat, source = solid(color)
        glyphIDs.withUnsafeBufferPointer { ids in
            origins.withUnsafeBufferPointer { origins in
                elements.withUnsafeMutableBufferPointer { elements in
                    var pen = (x: 0, y: 0)
                    for (index, glyph) in range.enumerated() {
                        let origin = origins[glyph]
                        elements[index] = XGlyphElt32(glyphset: set, chars: ids.baseAddress! + glyph, nchars: 1,
                                                      xOff: Int32(origin.x - pen.x), yOff: Int32(origin.y - pen.y))
                        pen = origin
                    }
                    XRenderCompositeText32(connection.display, PictOpOver, source, picture, format, 0, 0,
                                           Int32(origins[range.lowerBound].x), Int32(origins[range.lowerBound].y),
                                           elements.baseAddress, Int32(range.count))
                }
            }
        }
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
        XRenderFillRectangle(connection.display, operation, picture, &render, Int32(left), Int32(top),
                             UInt32(right - left), UInt32(bottom - top))
    }

    /// Colour through columns `from..<from + width` of `mask`, placed at (`x`, `y`), clipped to the buffer.
    private func composite(_ mask: Mask, from: Int, width: Int, x: Int, y: Int, color: Color) {
        let left = max(0, x), right = min(self.width, x + width)
        let top = max(0, y), bottom = min(self.height, y + mask.height)
        guard right > left, bottom > top else { return }
        XRenderComposite(connection.display, PictOpOver, solid(color), mask.picture, picture, 0, 0,
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

    /// Frees the pixmap and its picture, just before new ones take their place or the buffer goes.
    private func release() {
        XRenderFreePicture(connection.display, picture)
        XFreePixmap(connection.display, pixmap)
    }
}
