import CWayland
import RewrapLayout
import RewrapPlatform
import RewrapScene
import RewrapText
#if canImport(Glibc)
import Glibc
#endif

/// A surface's frames in wl_shm buffers, drawn with pixman as Xvfb's
/// XRender draws the X11 window: shapes become a8 masks composited through
/// a solid colour, and shaped glyphs are composited from the glyph cache,
/// colour ones as they are.
/// A frame is drawn into a buffer the compositor does not hold, and only
/// the part that differs from the frame shown before is damaged.
public final class ShmSurface: FrameSurface {
    /// Nil while the connection it belonged to is gone and no other has
    /// come: nothing is drawn then.
    private var shm: OpaquePointer?
    /// What its text, and its popup's, is set with; new with a new scale.
    private(set) var engine: TextEngine
    private var glyphs: GlyphCache
    /// Hands a finished buffer to the compositor, with the part that changed.
    var commit: (ShmBuffer, PixelRect?) -> Void = { _, _ in }
    private var buffers: [ShmBuffer] = []
    /// The buffer being drawn into.
    private var target: ShmBuffer?
    /// The last buffer handed over, which the next one is compared with.
    private var shown: ShmBuffer?
    private var masks: [Shape: Mask] = [:]
    private let maskCapacity = 256
    private var glyphSpecs: [pixman_glyph_t] = []
    private var colorGlyphs: [(glyph: GlyphCache.ColorGlyph, x: Int, y: Int)] = []
    public private(set) var width = 0
    public private(set) var height = 0

    private final class Mask {
        let image: OpaquePointer
        let x: Int
        let y: Int

        init(image: OpaquePointer, x: Int, y: Int) {
            self.image = image
            self.x = x
            self.y = y
        }

        deinit {
            pixman_image_unref(image)
        }
    }

    init(shm: OpaquePointer, text: TextEngine, glyphs: GlyphCache) {
        self.shm = shm
        engine = text
        self.glyphs = glyphs
    }

    /// Lets go of every buffer while their connection still exists (it was
    /// lost), and draws nothing until `move(to:)` gives it another.
    func letGo() {
        commit = { _, _ in }
        target = nil
        shown = nil
        buffers.removeAll()
        shm = nil
    }

    /// Draws into buffers of `shm`, on a new connection, from now on; the
    /// next frame is damaged whole.
    func move(to shm: OpaquePointer) {
        letGo()
        self.shm = shm
    }

    /// Draws text with another engine, as after a change of scale; its
    /// faces are numbered anew, so they come with a cache of their own.
    func setText(_ text: TextEngine, glyphs: GlyphCache) {
        engine = text
        self.glyphs = glyphs
    }

    /// A new size draws into the buffers already made while they fit, as
    /// the X11 back buffer keeps its pixmap.
    @discardableResult
    public func resize(width: Int, height: Int) -> Bool {
        let width = max(1, width), height = max(1, height)
        guard width != self.width || height != self.height else { return false }
        self.width = width
        self.height = height
        target = nil
        return true
    }

    /// Hands the frame drawn since the last one to the compositor.
    public func present() {
        guard let frame = target else { return }
        let damage = shown.map { changed(from: $0, to: frame) } ?? PixelRect(x: 0, y: 0, width: width, height: height)
        target = nil
        frame.isHeld = true
        shown = frame
        commit(frame, damage)
    }

    /// The buffer to draw in: one the compositor does not hold, other than
    /// the one last shown, reshaped to this size when its memory holds it
    /// and the window covers at least a quarter of it; otherwise a new one,
    /// grown to the largest size yet.
    private func drawable() -> ShmBuffer? {
        if let target { return target }
        guard let shm else { return nil }
        let bytes = width * height * 4
        if let free = buffers.first(where: { !$0.isHeld && $0 !== shown }) {
            if bytes <= free.capacity && 4 * bytes >= free.capacity {
                free.reshape(width: width, height: height)
                target = free
                return free
            }
            buffers.removeAll { $0 === free }
        }
        let largest = buffers.map(\.capacity).max() ?? 0
        let capacity = bytes <= largest && 4 * bytes >= largest ? largest : bytes
        guard let buffer = ShmBuffer(shm: shm, width: width, height: height, capacity: capacity) else { return nil }
        buffers.append(buffer)
        target = buffer
        return buffer
    }

    /// The rows and columns where `next` differs from `previous`; nil when nothing does.
    private func changed(from previous: ShmBuffer, to next: ShmBuffer) -> PixelRect? {
        guard previous.width == next.width, previous.height == next.height, previous !== next else {
            return PixelRect(x: 0, y: 0, width: next.width, height: next.height)
        }
        var top = -1, bottom = -1, left = next.width, right = 0
        for y in 0..<next.height where memcmp(previous.row(y), next.row(y), next.width * 4) != 0 {
            if top < 0 { top = y }
            bottom = y
            let old = previous.row(y).assumingMemoryBound(to: UInt32.self), new = next.row(y).assumingMemoryBound(to: UInt32.self)
            var x = 0
            while x < left, old[x] == new[x] { x += 1 }
            left = min(left, x)
            var end = next.width - 1
            while end >= right, old[end] == new[end] { end -= 1 }
            right = max(right, end + 1)
        }
        return top < 0 ? nil : PixelRect(x: left, y: top, width: right - left, height: bottom - top + 1)
    }

    // MARK: - Drawing

    public func clear(_ color: Color) {
        fillRect(x: 0, y: 0, width: width, height: height, color: color, operation: PIXMAN_OP_SRC)
    }

    public func fill(_ shape: Shape, x: Int, y: Int, color: Color) {
        if case .rect(let width, let height) = shape {
            return fillRect(x: x, y: y, width: width, height: height, color: color, operation: PIXMAN_OP_OVER)
        }
        guard let target = drawable(), let mask = mask(for: shape) else { return }
        var solid = premultiplied(color)
        let source = pixman_image_create_solid_fill(&solid)
        defer { pixman_image_unref(source) }
        pixman_image_composite32(PIXMAN_OP_OVER, source, mask.image, target.image, 0, 0, 0, 0, Int32(x + mask.x), Int32(y + mask.y),
                                 pixman_image_get_width(mask.image), pixman_image_get_height(mask.image))
    }

    public func drawText(_ text: String, x: Int, baseline: Int, style: TextStyle, color: Color, clip: PixelRect?) {
        drawShaped(engine.line(text, style: style), x: x, baseline: baseline, color: color, clip: clip)
    }

    public func drawText(_ line: WrappedLine, x: Int, baseline: Int, style: TextStyle, color: Color, clip: PixelRect?) {
        drawShaped(engine.line(line, style: style), x: x, baseline: baseline, color: color, clip: clip)
    }

    /// All of a line's coverage glyphs are added into one mask, then
    /// composited once, as XRender does with the X11 buffer's glyph
    /// requests; colour glyphs follow, each composited as it is.
    private func drawShaped(_ line: ShapedLine, x: Int, baseline: Int, color: Color, clip: PixelRect?) {
        guard let target = drawable() else { return }
        let margin = 4 * line.ascent + 64
        glyphSpecs.removeAll(keepingCapacity: true)
        colorGlyphs.removeAll(keepingCapacity: true)
        pixman_glyph_cache_freeze(glyphs.cache)
        defer { pixman_glyph_cache_thaw(glyphs.cache) }
        for run in line.runs {
            for glyph in run.glyphs {
                let gx = x + Int(glyph.x), gy = baseline + Int(glyph.y)
                guard gx > -margin, gx < width + margin, gy > -margin, gy < height + margin,
                      let cached = glyphs.glyph(glyph.id, of: run.face) else { continue }
                switch cached {
                case .mask(let mask): glyphSpecs.append(pixman_glyph_t(x: Int32(gx), y: Int32(gy), glyph: mask))
                case .color(let image): colorGlyphs.append((image, gx, gy))
                }
            }
        }
        guard !glyphSpecs.isEmpty || !colorGlyphs.isEmpty else { return }
        if let clip {
            var region = pixman_region32_t()
            pixman_region32_init_rect(&region, Int32(clip.x), Int32(clip.y), UInt32(max(0, clip.width)), UInt32(max(0, clip.height)))
            pixman_image_set_clip_region32(target.image, &region)
            pixman_region32_fini(&region)
        }
        if !glyphSpecs.isEmpty {
            var solid = premultiplied(color)
            let source = pixman_image_create_solid_fill(&solid)
            glyphSpecs.withUnsafeMutableBufferPointer { specs in
                var extents = pixman_box32_t()
                pixman_glyph_get_extents(glyphs.cache, Int32(specs.count), specs.baseAddress, &extents)
                pixman_composite_glyphs(PIXMAN_OP_OVER, source, target.image, PIXMAN_a8, 0, 0, extents.x1, extents.y1,
                                        extents.x1, extents.y1, extents.x2 - extents.x1, extents.y2 - extents.y1,
                                        glyphs.cache, Int32(specs.count), specs.baseAddress)
            }
            pixman_image_unref(source)
        }
        for (glyph, gx, gy) in colorGlyphs {
            pixman_image_composite32(PIXMAN_OP_OVER, glyph.image, nil, target.image, 0, 0, 0, 0, Int32(gx + glyph.left),
                                     Int32(gy - glyph.top), Int32(glyph.width), Int32(glyph.height))
        }
        if clip != nil { pixman_image_set_clip_region32(target.image, nil) }
    }

    private func fillRect(x: Int, y: Int, width: Int, height: Int, color: Color, operation: pixman_op_t) {
        let left = max(0, x), right = min(self.width, x + width)
        let top = max(0, y), bottom = min(self.height, y + height)
        guard let target = drawable(), right > left, bottom > top else { return }
        var solid = premultiplied(color)
        var box = pixman_rectangle16_t(x: Int16(clamping: left), y: Int16(clamping: top), width: UInt16(clamping: right - left),
                                       height: UInt16(clamping: bottom - top))
        pixman_image_fill_rectangles(operation, target.image, &solid, 1, &box)
    }

    /// The shape's coverage as an a8 image, filled span by span as the X11
    /// buffer fills its masks, so both reach the same levels.
    private func mask(for shape: Shape) -> Mask? {
        if let mask = masks[shape] { return mask }
        let spans = shape.spans
        guard let minX = spans.map(\.x).min(), let minY = spans.map(\.y).min(),
              let maxX = spans.map({ $0.x + $0.width }).max(), let maxY = spans.map({ $0.y + $0.height }).max(),
              maxX > minX, maxY > minY else { return nil }
        if masks.count >= maskCapacity { masks.removeAll(keepingCapacity: true) }
        let image = pixman_image_create_bits(PIXMAN_a8, Int32(maxX - minX), Int32(maxY - minY), nil, 0)!
        for span in spans where span.width > 0 && span.height > 0 {
            var level = pixman_color_t(red: 0, green: 0, blue: 0, alpha: channel(span.coverage))
            var box = pixman_rectangle16_t(x: Int16(clamping: span.x - minX), y: Int16(clamping: span.y - minY),
                                           width: UInt16(clamping: span.width), height: UInt16(clamping: span.height))
            pixman_image_fill_rectangles(PIXMAN_OP_SRC, image, &level, 1, &box)
        }
        let mask = Mask(image: image, x: minX, y: minY)
        masks[shape] = mask
        return mask
    }

    /// Premultiplied, as XRender wants it: an opaque colour at the nearest
    /// of 8-bit levels, as the X11 buffer rounds it for a 24-bit visual.
    private func premultiplied(_ color: Color) -> pixman_color_t {
        guard color.alpha < 1 else {
            func level(_ value: Double) -> UInt16 { UInt16((min(1, max(0, value)) * 255).rounded()) * 257 }
            return pixman_color_t(red: level(color.red), green: level(color.green), blue: level(color.blue), alpha: 0xffff)
        }
        return pixman_color_t(red: channel(color.red * color.alpha), green: channel(color.green * color.alpha),
                              blue: channel(color.blue * color.alpha), alpha: channel(color.alpha))
    }

    private func channel(_ value: Double) -> UInt16 {
        UInt16((min(1, max(0, value)) * 65535).rounded())
    }
}
