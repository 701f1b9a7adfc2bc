import CX11
import CXftOracle
import RewrapLayout
import RewrapTestSupport
import RewrapText
import RewrapX11
import XCTest

/// Shaping must not change how wide Latin text is: the engine's widths are
/// the ones Xft itself measures, on a real X server, for every label of the
/// English panel.
final class LatinWidthTests: XCTestCase {
    private let labels = ["Color samples", "Shape: Circle", "Layout options", "Sample labels", "Sketch", "Shapes",
                          "Pattern: Solid", "Arrangement: Rows", "Paper textures", "Layout notes", "Preview", "4 more",
                          "Choose a longer option, then narrow the window.", "AVATAR Type: Wave", "Rounded rectangle"]

    func testLatinLabelsKeepTheWidthsXftGivesThem() throws {
        try onServer { display, screen in
            let engine = try TextEngine(options: FontOptions(defaults: X11Platform.xftDefaults(display: display, screen: screen)),
                                        direction: .leftToRight)
            let font = try XCTUnwrap(XftFontOpenName(display, screen, "sans-serif:pixelsize=14:antialias=true"))
            defer { XftFontClose(display, font) }
            for label in labels {
                XCTAssertEqual(engine.line(label, style: .body).width, Self.xftWidth(of: label, in: font, display), label)
            }
        }
    }

    /// Every printable Latin-1 character, alone, in both weights, at three
    /// sizes and with slight and full hinting: the advance the engine gives
    /// it is the one Xft gives it. Not the soft hyphen, which HarfBuzz
    /// rightly hides (it shows only where a line breaks) and Xft draws.
    func testEveryLatinCharacterAdvancesAsXftAdvancesIt() throws {
        let characters = (Array(0x21...0x7E) + Array(0xA1...0xFF)).filter { $0 != 0xAD }.compactMap(Unicode.Scalar.init)
            .map(String.init)
        try onServer { display, screen in
            for hinting in ["hintslight", "hintfull"] {
                for pixels in [11, 14, 21] {
                    let pattern = "sans-serif:pixelsize=\(pixels):hintstyle=\(hinting)"
                    let options = FontOptions(pattern: pattern, defaults: X11Platform.xftDefaults(display: display, screen: screen))
                    let engine = try TextEngine(options: options, direction: .leftToRight)
                    for (style, weight) in [(TextStyle.body, ""), (.bold, ":bold")] {
                        let font = try XCTUnwrap(XftFontOpenName(display, screen, pattern + weight + ":antialias=true"))
                        defer { XftFontClose(display, font) }
                        for character in characters {
                            XCTAssertEqual(engine.line(character, style: style).width,
                                           Self.xftWidth(of: character, in: font, display), "\(character) in \(pattern + weight)")
                        }
                    }
                }
            }
        }
    }

    /// Displays opened one after another, each closed with an Xft font it
    /// had open, measure alike: the next display often gets the last one's
    /// address, which is what once sent a request with a stale RENDER code.
    func testDisplaysOneAfterAnotherMeasureAlike() throws {
        var widths: [Int] = []
        for _ in 0..<3 {
            try onServer { display, screen in
                let font = try XCTUnwrap(XftFontOpenName(display, screen, "sans-serif:pixelsize=14:antialias=true"))
                widths.append(Self.xftWidth(of: "Sketch", in: font, display))
                XftFontClose(display, font)
            }
        }
        XCTAssertEqual(widths.count, 3)
        XCTAssertEqual(Set(widths).count, 1, "\(widths)")
    }

    /// Runs `body` with a display and its default screen, on a server of its own.
    private func onServer(_ body: (OpaquePointer, Int32) throws -> Void) throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let display = try XCTUnwrap(XOpenDisplay(server.display))
        defer { XCloseDisplay(display) }
        // Xft keeps closed fonts for reuse and frees them as the display
        // closes, after RENDER has dropped its record of the display; freeing
        // them makes RENDER record it again, and that stale record then serves
        // the next display opened at the same address, with the wrong request
        // codes (an X error that ends the process). Fonts freed as they are
        // closed leave nothing to free at close.
        if let keepNone = FcPatternCreate() {
            FcPatternAddInteger(keepNone, XFT_MAX_UNREF_FONTS, 0)
            XftDefaultSet(display, keepNone)
        }
        try body(display, XDefaultScreen(display))
    }

    private static func xftWidth(of text: String, in font: UnsafeMutablePointer<XftFont>, _ display: OpaquePointer) -> Int {
        var extents = XGlyphInfo()
        XftTextExtentsUtf8(display, font, text, Int32(text.utf8.count), &extents)
        return Int(extents.xOff)
    }
}
