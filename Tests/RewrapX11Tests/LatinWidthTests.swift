import CX11
import RewrapLayout
import RewrapTestSupport
import RewrapText
import XCTest

/// Shaping must not change how wide Latin text is: the engine's widths are
/// the ones Xft itself measures, on a real X server, for every label of the
/// English panel.
final class LatinWidthTests: XCTestCase {
    private let labels = ["Color samples", "Shape: Circle", "Layout options", "Sample labels", "Sketch", "Shapes",
                          "Pattern: Solid", "Arrangement: Rows", "Paper textures", "Layout notes", "Preview", "4 more",
                          "Choose a longer option, then narrow the window.", "AVATAR Type: Wave", "Rounded rectangle"]

    func testLatinLabelsKeepTheWidthsXftGivesThem() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let display = try XCTUnwrap(XOpenDisplay(server.display))
        defer { XCloseDisplay(display) }
        let screen = XDefaultScreen(display)
        let engine = try TextEngine(options: FontOptions(substitute: { XftDefaultSubstitute(display, screen, $0) }),
                                    direction: .leftToRight)
        let font = try XCTUnwrap(XftFontOpenName(display, screen, "sans-serif:pixelsize=14:antialias=true"))
        defer { XftFontClose(display, font) }
        for label in labels {
            var extents = XGlyphInfo()
            XftTextExtentsUtf8(display, font, label, Int32(label.utf8.count), &extents)
            XCTAssertEqual(engine.line(label, style: .body).width, Int(extents.xOff), label)
        }
    }
}
