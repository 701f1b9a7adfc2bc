import Foundation
import RewrapLayout
import RewrapTestDrivers
import RewrapText
import XCTest

/// A variable font (Inter VF, `fonts-inter-variable`): fontconfig picks a
/// named instance for bold, carried in the pattern's index, and the bold
/// heading is measured with that instance's advances. The oracle is
/// hb-shape with the instance's own axis values, which fontTools reads
/// from the font's `fvar` table.
final class VariableFontTests: XCTestCase {
    /// fontconfig's index for `pattern`: a named instance above bit 16.
    private func index(_ pattern: String) throws -> Int {
        let result = try runCommand(["/usr/bin/fc-match", "-f", "%{index}", pattern])
        return try XCTUnwrap(Int(result.stdout), result.stderr)
    }

    /// `--variations` for named instance `instance` (from 1), as fontTools reads it.
    private func variations(_ file: String, instance: Int) throws -> String {
        let script = """
        import sys
        from fontTools.ttLib import TTFont
        font = TTFont(sys.argv[1])
        axes = font["fvar"].instances[int(sys.argv[2]) - 1].coordinates
        print(",".join("%s=%g" % (tag, value) for tag, value in axes.items()))
        """
        let result = try runCommand(["/usr/bin/python3", "-c", script, file, String(instance)])
        guard result.status == 0 else { throw TestFailure("fontTools: \(result.stderr)") }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testABoldHeadingTakesTheNamedInstanceFontconfigChose() throws {
        let engine = try TextEngine(options: FontOptions(pattern: "Inter"), direction: .leftToRight)
        let text = "Layout options"
        let bold = engine.line(text, style: .bold), regular = engine.line(text, style: .body)
        XCTAssertEqual(bold.runs.count, 1)
        let run = try XCTUnwrap(bold.runs.first)
        XCTAssertEqual(run.face.fileName, try HarfBuzzOracle.fontFile("Inter:pixelsize=14:weight=200"))
        let instance = try index("Inter:pixelsize=14:weight=200") >> 16
        XCTAssertGreaterThan(instance, 0, "fixture: fontconfig gives bold Inter as a named instance")
        let axes = try variations(run.face.fileName, instance: instance)
        XCTAssertEqual(axes, "wght=700")
        let expected = try HarfBuzzOracle.shape(text, font: run.face.fileName, variations: axes)
        XCTAssertEqual(run.glyphs.map(\.id), expected.map(\.g))
        for (index, (ours, theirs)) in zip(run.glyphs.map(\.advance), expected).enumerated() {
            XCTAssertEqual(Double(ours) / 64, Double(theirs.ax) / 100, accuracy: 0.52, "advance of glyph \(index)")
        }
        XCTAssertGreaterThan(bold.width, regular.width + 4, "bold is wider than regular")
    }
}
