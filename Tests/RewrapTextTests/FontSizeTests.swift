import RewrapLayout
import RewrapText
import XCTest

/// A font size no window can show is refused in one line, before any face
/// opens: FreeType's 26.6 sizes end not far past a million pixels.
final class FontSizeTests: XCTestCase {
    func testASizeOutOfRangeIsRefusedInOneLine() {
        for pattern in ["sans-serif:pixelsize=1e18", "sans-serif:pixelsize=0", "sans-serif:size=100000", "sans-serif:pixelsize=-5"] {
            XCTAssertThrowsError(try TextEngine(options: FontOptions(pattern: pattern), direction: .leftToRight), pattern) { error in
                let message = (error as? TextEngineError)?.message ?? "\(error)"
                XCTAssertTrue(message.hasPrefix("rewrap: font size "), message)
                XCTAssertTrue(message.hasSuffix("is out of range, expected 1 to 1000 px"), message)
                XCTAssertTrue(message.contains(pattern), "the pattern is named: \(message)")
            }
        }
    }

    func testTheLargestSizeInRangeOpens() throws {
        let engine = try TextEngine(options: FontOptions(pattern: "sans-serif:pixelsize=1000"), direction: .leftToRight)
        XCTAssertGreaterThan(engine.measure("M", style: .body).width, 500)
    }
}
