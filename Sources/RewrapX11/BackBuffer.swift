import CX11
import RewrapLayout
import RewrapScene

/// An off-screen pixmap the size of a window, drawn with Xft and XRender and
/// then copied to the window in one request, so nothing half-drawn shows.
public final class BackBuffer: Canvas {
    private let connection: XConnection
    private let fonts: FontSet
    private let window: Window
    private let gc: GC
    private var pixmap: Pixmap = 0
    private var draw: OpaquePointer?
    private var colors: [Color: XftColor] = [:]
    public private(set) var width = 0
    public private(set) var height = 0

    init(connection: XConnection, fonts: FontSet, window: Window) {
        self.connection = connection
        self.fonts = fonts
        self.window = window
        gc = XCreateGC(connection.display, window, 0, nil)
    }

    deinit {
        release()
        var copies = Array(colors.values)
        for index in copies.indices {
            XftColorFree(connection.display, connection.visual, connection.colormap, &copies[index])
        }
        XFreeGC(connection.display, gc)
    }

    /// Makes the buffer match the window's size; a no-op when it already does.
    public func resize(width: Int, height: Int) {
        let width = max(1, width), height = max(1, height)
        guard width != self.width || height != self.height || draw == nil else { return }
        release()
        self.width = width
        self.height = height
        pixmap = XCreatePixmap(connection.display, window, UInt32(width), UInt32(height), UInt32(connection.depth))
        draw = XftDrawCreate(connection.display, pixmap, connection.visual, connection.colormap)
    }

    /// Copies the finished frame to the window.
    public func present() {
        XCopyArea(connection.display, pixmap, window, gc, 0, 0, UInt32(width), UInt32(height), 0, 0)
    }

    public func clear(_ color: Color) {
        fill([CoverageSpan(x: 0, y: 0, width: width, height: height, coverage: 1)], x: 0, y: 0, color: color, operation: PictOpSrc)
    }

    public func fill(_ spans: [CoverageSpan], x: Int, y: Int, color: Color) {
        fill(spans, x: x, y: y, color: color, operation: PictOpOver)
    }

    public func drawText(_ text: String, x: Int, baseline: Int, style: TextStyle, color: Color, clip: PixelRect?) {
        guard let draw else { return }
        if let clip {
            var rectangle = XRectangle(x: Int16(clamping: clip.x), y: Int16(clamping: clip.y),
                                       width: UInt16(clamping: clip.width), height: UInt16(clamping: clip.height))
            XftDrawSetClipRectangles(draw, 0, 0, &rectangle, 1)
        }
        withColor(color) { fonts.draw(text, on: draw, x: x, baseline: baseline, style: style, color: $0) }
        if clip != nil { XftDrawSetClip(draw, nil) }
    }

    /// Spans with equal coverage share one XRenderFillRectangles request.
    private func fill(_ spans: [CoverageSpan], x: Int, y: Int, color: Color, operation: Int32) {
        guard let draw, !spans.isEmpty else { return }
        let picture = XftDrawPicture(draw)
        var groups: [Double: [XRectangle]] = [:]
        for span in spans where span.width > 0 && span.height > 0 {
            let rectangle = XRectangle(x: Int16(clamping: x + span.x), y: Int16(clamping: y + span.y),
                                       width: UInt16(clamping: span.width), height: UInt16(clamping: span.height))
            groups[span.coverage, default: []].append(rectangle)
        }
        for (coverage, rectangles) in groups {
            // XRender wants premultiplied colour.
            let alpha = color.alpha * coverage
            var render = XRenderColor(red: channel(color.red * alpha), green: channel(color.green * alpha),
                                      blue: channel(color.blue * alpha), alpha: channel(alpha))
            rectangles.withUnsafeBufferPointer {
                XRenderFillRectangles(connection.display, operation, picture, &render, $0.baseAddress, Int32($0.count))
            }
        }
    }

    private func channel(_ value: Double) -> UInt16 {
        UInt16((min(1, max(0, value)) * 65535).rounded())
    }

    private func withColor(_ color: Color, _ body: (UnsafePointer<XftColor>) -> Void) {
        if colors[color] == nil {
            var render = XRenderColor(red: channel(color.red * color.alpha), green: channel(color.green * color.alpha),
                                      blue: channel(color.blue * color.alpha), alpha: channel(color.alpha))
            var allocated = XftColor()
            XftColorAllocValue(connection.display, connection.visual, connection.colormap, &render, &allocated)
            colors[color] = allocated
        }
        withUnsafePointer(to: colors[color]!) { body($0) }
    }

    private func release() {
        if let draw { XftDrawDestroy(draw) }
        if pixmap != 0 { XFreePixmap(connection.display, pixmap) }
        draw = nil
        pixmap = 0
    }
}
