import RewrapLayout
import RewrapText
import XCTest

/// The one line printed when the asked-for family is not installed: family
/// names compare as fontconfig compares them, so case alone never warns.
final class SubstitutionWarningTests: XCTestCase {
    private func warning(_ pattern: String) throws -> String? {
        try TextEngine(options: FontOptions(pattern: pattern), direction: .leftToRight).substitutionWarning
    }

    func testAnInstalledFamilyInAnyCaseDoesNotWarn() throws {
        XCTAssertNil(try warning("DejaVu Sans"))
        XCTAssertNil(try warning("dejavu sans"))
        XCTAssertNil(try warning("DEJAVU SANS:pixelsize=14"))
    }

    func testGenericFamiliesDoNotWarn() throws {
        for generic in ["sans-serif", "Sans", "SERIF", "monospace"] {
            XCTAssertNil(try warning(generic), generic)
        }
    }

    func testAMissingFamilyNamesBothFamilies() throws {
        let line = try XCTUnwrap(try warning("No Such Family:pixelsize=14"))
        XCTAssertTrue(line.hasPrefix("rewrap: font \"No Such Family\" not found; using \""), line)
        XCTAssertFalse(line.hasSuffix("\"No Such Family\""), line)
    }
}
