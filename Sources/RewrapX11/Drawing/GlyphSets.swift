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
    /// A mark that is neither a mask's id nor unknown.
    static let noInk = UInt32.max, color = UInt32.max - 1
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

    /// One face's glyphs as uploaded: by glyph index, 0 for one not yet
    /// asked for, `noInk`, `color` (its picture in `colors`), or its id in
    /// the mask glyph set. A drawn line reads it once a run, not hashing
    /// every glyph of every frame.
    final class FaceGlyphs {
        let id: Int
        private(set) var marks: [UInt32] = []
        private(set) var colors: [UInt32: ColorGlyph] = [:]

        init(id: Int) {
            self.id = id
        }

        fileprivate func set(_ uploaded: Uploaded, of glyph: UInt32) {
            if Int(glyph) >= marks.count { marks += repeatElement(0, count: Int(glyph) + 1 - marks.count) }
            switch uploaded {
            case .mask(let id): marks[Int(glyph)] = id
            case .color(let image):
                marks[Int(glyph)] = GlyphSets.color
                colors[glyph] = image
            case .empty: marks[Int(glyph)] = GlyphSets.noInk
            }
        }
    }

    init(connection: XConnection) {
        self.connection = connection
    }

    deinit {
        let display = connection.display
        for glyph in faces.values.flatMap(\.colors.values) {
            XRenderFreePicture(display, glyph.picture)
            XFreePixmap(display, glyph.pixmap)
        }
        if nextID > 1 { XRenderFreeGlyphSet(display, masks) }
        if let colorGC { XFreeGC(display, colorGC) }
    }

    /// `face`'s glyphs, each of `run` among them: those not asked for
    /// before are uploaded now.
    func glyphs(of face: FontFace, covering run: [PlacedGlyph]) -> FaceGlyphs {
        let glyphs: FaceGlyphs
        if let last, last.id == face.id {
            glyphs = last
        } else {
            glyphs = faces[face.id] ?? FaceGlyphs(id: face.id)
            faces[face.id] = glyphs
            last = glyphs
        }
        let missing = glyphs.marks.withUnsafeBufferPointer { marks in
            run.contains { Int($0.id) >= marks.count || marks[Int($0.id)] == 0 }
        }
        guard missing else { return glyphs }
        for glyph in run where Int(glyph.id) >= glyphs.marks.count || glyphs.marks[Int(glyph.id)] == 0 {
            glyphs.set(face.takeImage(of: glyph.id).map(upload) ?? .empty, of: glyph.id)
        }
        return glyphs
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
