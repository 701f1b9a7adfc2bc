import CX11
import RewrapText

/// The glyphs X11 draws, each taken once from the text engine's rasteriser
/// and uploaded once, so X11 draws the very pixels Wayland composites:
/// coverage masks into one A8 glyph set, which text requests composite
/// through the text's colour, and colour glyphs as ARGB32 pictures,
/// composited as they are. (An ARGB32 glyph set would not do: the server
/// gives its glyphs component alpha, which blends colour wrongly.)
final class GlyphSets {
    private let connection: XConnection
    /// The glyph set every mask goes into, whatever its face; made with the
    /// first glyph, as finding the formats waits for the server once.
    private(set) lazy var masks: GlyphSet = XRenderCreateGlyphSet(connection.display, maskFormat)
    private(set) lazy var maskFormat = XRenderFindStandardFormat(connection.display, Int32(PictStandardA8))!
    private lazy var colorFormat = XRenderFindStandardFormat(connection.display, Int32(PictStandardARGB32))!
    /// Each face's glyphs, as uploaded.
    private var faces: [Int: FaceGlyphs] = [:]
    /// Most labels are one run in one face: the last answer, before hashing.
    private var last: FaceGlyphs?
    /// The next id in the mask glyph set.
    private var nextID: UInt32 = 1
    /// Puts colour images into their depth-32 pixmaps; made with the first.
    private var colorGC: GC?

    /// A glyph as the buffer draws it.
    enum Uploaded {
        /// An id in the mask glyph set.
        case mask(UInt32)
        case color(ColorGlyph)
        /// No ink: a space, or a glyph FreeType could not render.
        case empty
    }

    /// A colour glyph's picture on the server, and where its top-left pixel
    /// sits from the pen on the baseline.
    struct ColorGlyph {
        var pixmap: Pixmap
        var picture: Picture
        var left: Int
        var top: Int
        var width: Int
        var height: Int
    }

    private final class FaceGlyphs {
        let id: Int
        var glyphs: [UInt32: Uploaded] = [:]

        init(id: Int) {
            self.id = id
        }
    }

    init(connection: XConnection) {
        self.connection = connection
    }

    deinit {
        let display = connection.display
        for case .color(let glyph) in faces.values.flatMap(\.glyphs.values) {
            XRenderFreePicture(display, glyph.picture)
            XFreePixmap(display, glyph.pixmap)
        }
        if nextID > 1 { XRenderFreeGlyphSet(display, masks) }
        if let colorGC { XFreeGC(display, colorGC) }
    }

    /// Glyph `id` of `face`, uploaded the first time it is asked for.
    func glyph(_ id: UInt32, of face: FontFace) -> Uploaded {
        let glyphs: FaceGlyphs
        if let last, last.id == face.id {
            glyphs = last
        } else {
            glyphs = faces[face.id] ?? FaceGlyphs(id: face.id)
            faces[face.id] = glyphs
            last = glyphs
        }
        if let known = glyphs.glyphs[id] { return known }
        let uploaded = face.takeImage(of: id).map(upload) ?? .empty
        glyphs.glyphs[id] = uploaded
        return uploaded
    }

    private func upload(_ image: GlyphImage) -> Uploaded {
        image.kind == .mask ? uploadMask(image) : .color(uploadColor(image))
    }

    private func uploadMask(_ image: GlyphImage) -> Uploaded {
        let id = nextID
        nextID += 1
        var gid = Glyph(id)
        var info = XGlyphInfo(width: UInt16(clamping: image.width), height: UInt16(clamping: image.height),
                              x: Int16(clamping: -image.left), y: Int16(clamping: image.top), xOff: 0, yOff: 0)
        // Each row of an A8 glyph is padded to four bytes.
        let stride = (image.width + 3) & ~3
        var rows = [UInt8](repeating: 0, count: stride * image.height)
        rows.withUnsafeMutableBufferPointer { rows in
            image.bytes.withUnsafeBufferPointer { bytes in
                for row in 0..<image.height {
                    (rows.baseAddress! + row * stride).update(from: bytes.baseAddress! + row * image.width, count: image.width)
                }
            }
        }
        rows.withUnsafeBytes { rows in
            XRenderAddGlyphs(connection.display, masks, &gid, &info, 1, rows.baseAddress!.assumingMemoryBound(to: CChar.self),
                             Int32(rows.count))
        }
        return .mask(id)
    }

    private func uploadColor(_ image: GlyphImage) -> ColorGlyph {
        let display = connection.display
        let pixmap = XCreatePixmap(display, connection.root, UInt32(image.width), UInt32(image.height), 32)
        let gc = colorGC ?? XCreateGC(display, pixmap, 0, nil)!
        colorGC = gc
        var bytes = image.bytes
        bytes.withUnsafeMutableBytes { raw in
            let data = raw.baseAddress!.assumingMemoryBound(to: CChar.self)
            let ximage = XCreateImage(display, nil, 32, ZPixmap, 0, data, UInt32(image.width), UInt32(image.height), 32,
                                      Int32(image.width * 4))!
            // B, G, R, A in memory is a 32-bit ARGB pixel read least
            // significant byte first; Xlib converts for the server.
            ximage.pointee.byte_order = LSBFirst
            XPutImage(display, pixmap, gc, ximage, 0, 0, 0, 0, UInt32(image.width), UInt32(image.height))
            // The bytes are Swift's: only the structure is Xlib's to free.
            XFree(ximage)
        }
        let picture = XRenderCreatePicture(display, pixmap, colorFormat, 0, nil)
        return ColorGlyph(pixmap: pixmap, picture: picture, left: image.left, top: image.top, width: image.width,
                          height: image.height)
    }
}
