import RewrapScene
import XCTest

/// The badge's count and the screen's number, written without the standard
/// library's integer printing, must still read exactly as it writes them.
final class DecimalTextTests: XCTestCase {
    func testEdgesReadAsTheStandardLibraryWritesThem() {
        for value in [0, 1, -1, 9, 10, -10, 99, 100, 1_000_007, Int.max, Int.min, Int.min + 1] {
            XCTAssertEqual(DecimalText.of(value), String(value), "\(value)")
        }
    }

    func testRandomValuesOfEveryLength() {
        var limit = 1
        for _ in 1...18 {
            limit *= 10
            for _ in 0..<200 {
                let value = Int.random(in: -limit...limit)
                XCTAssertEqual(DecimalText.of(value), String(value))
            }
        }
    }
}
