import CX11
import Foundation
import RewrapLayout
import RewrapTestSupport
import RewrapText
import XCTest

/// Shaping must not change how wide Latin text is: the engine's widths are
/// the ones Xft itself measures, on a real X server, except where the font
/// kerns a pair, and there by exactly the kerning HarfBuzz applies.
final class LatinWidthTests: XCTestCase {
    private let labels = ["Color samples", "Shape: Circle", "Layout options", "Sample labels", "Sketch", "Shapes",
                          "Pattern: Solid", "Arrangement: Rows", "Paper textures", "Layout notes", "Preview", "4 more",
                          "Choose a longer option, then narrow the window."]

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
        let file = try HarfBuzzFont.path("sans-serif")
        var unkerned = 0
        for label in labels {
            var extents = XGlyphInfo()
            XftTextExtentsUtf8(display, font, label, Int32(label.utf8.count), &extents)
            let kerning = try HarfBuzzFont.kerning(label, font: file)
            let width = engine.line(label, style: .body).width
            if kerning == 0 {
                XCTAssertEqual(width, Int(extents.xOff), "\(label): no kerning, Xft's width")
                unkerned += 1
            } else {
                XCTAssertEqual(Double(width), Double(extents.xOff) + kerning, accuracy: 1, "\(label): Xft's width, kerned")
            }
        }
        XCTAssertGreaterThanOrEqual(unkerned, 5, "labels without a kerning pair are compared exactly")
    }
}

/// hb-shape with and without the font's kerning, as the oracle for how much
/// kerning moves a label.
private enum HarfBuzzFont {
    static func path(_ pattern: String) throws -> String {
        try runCommand(["/usr/bin/fc-match", "-f", "%{file}", pattern]).stdout
    }

    /// In pixels at 14 px: the width with kerning less the width without.
    static func kerning(_ text: String, font: String) throws -> Double {
        func width(_ features: [String]) throws -> Double {
            let result = try runCommand(["/usr/bin/hb-shape", "--font-size=1400", "--output-format=json", "--no-glyph-names"]
                                        + features + [font, text])
            let glyphs = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
            return glyphs.reduce(0) { $0 + (($1["ax"] as? Double) ?? 0) } / 100
        }
        return try width([]) - width(["--features=-kern"])
    }
}
