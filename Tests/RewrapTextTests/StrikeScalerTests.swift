@testable import RewrapText
import XCTest

/// A strike's bitmap scaled to the asked size by the box filter: each new
/// pixel the average of what it covers, worked out by hand here.
final class StrikeScalerTests: XCTestCase {
    private func image(_ kind: GlyphImage.Kind, left: Int, top: Int, width: Int, height: Int, _ bytes: [UInt8]) -> GlyphImage {
        GlyphImage(kind: kind, left: left, top: top, width: width, height: height, bytes: bytes)
    }

    func testHalvingAveragesEachTwoByTwoBlock() {
        let strike = image(.mask, left: 0, top: 4, width: 4, height: 4, [
            255, 255, 0, 0,
            255, 255, 0, 0,
            0, 0, 100, 200,
            0, 0, 0, 100,
        ])
        let half = StrikeScaler.scaled(strike, by: 0.5)
        XCTAssertEqual([half.left, half.top, half.width, half.height], [0, 2, 2, 2])
        XCTAssertEqual(half.bytes, [255, 0, 0, 100])
    }

    func testAPixelThatCoversPartOfTheStrikeAveragesWhatItCovers() {
        // Three by three at a third: one new pixel, the average of all nine.
        let row: [UInt8] = [90, 0, 180]
        let third = StrikeScaler.scaled(image(.mask, left: 0, top: 3, width: 3, height: 3, row + row + row), by: 1.0 / 3)
        XCTAssertEqual(third.bytes, [90])
        // Four across at 0.75 is three new pixels, each a third wider than
        // one of the strike's: the first covers all of the first column and
        // a third of the second, so 240 × 0.75. Equal rows keep the columns' values.
        let columns: [UInt8] = [240, 0, 0, 0]
        let scaled = StrikeScaler.scaled(image(.mask, left: 0, top: 4, width: 4, height: 4, Array([[UInt8]](repeating: columns, count: 4).joined())),
                                         by: 0.75)
        XCTAssertEqual([scaled.width, scaled.height], [3, 3])
        XCTAssertEqual(scaled.bytes, [180, 0, 0, 180, 0, 0, 180, 0, 0])
    }

    func testBearingsScaleAndRoundOutwards() {
        // From 3 right of the pen and 5 above the baseline, 2 wide and 4
        // tall, at 0.5: 1.5 to 2.5 across, 2.5 to 0.5 above the baseline.
        let scaled = StrikeScaler.scaled(image(.mask, left: 3, top: 5, width: 2, height: 4, Array(repeating: 255, count: 8)), by: 0.5)
        XCTAssertEqual([scaled.left, scaled.top, scaled.width, scaled.height], [1, 3, 2, 3])
        XCTAssertEqual(scaled.bytes, [64, 64, 128, 128, 64, 64])
    }

    func testColourChannelsAverageApartAndStayPremultiplied() {
        // Opaque red pixels beside clear ones: half-covered red.
        let strike = image(.color, left: 0, top: 2, width: 2, height: 2, [0, 0, 255, 255, 0, 0, 0, 0, 0, 0, 255, 255, 0, 0, 0, 0])
        let scaled = StrikeScaler.scaled(strike, by: 0.5)
        XCTAssertEqual(scaled.kind, .color)
        XCTAssertEqual(scaled.bytes, [0, 0, 128, 128])
    }
}
