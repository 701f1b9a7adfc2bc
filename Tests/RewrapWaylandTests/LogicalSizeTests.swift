@testable import RewrapWayland
import XCTest

/// The window's buffer never exceeds 8,192 pixels a side, whatever sizes
/// and scales the compositor sends (found by the wayland-configure fuzz
/// target: Fuzz/Corpus/wayland-configure/crash-*).
final class LogicalSizeTests: XCTestCase {
    func testAScaleChangeKeepsTheWindowWithinTheLargestBuffer() {
        let size = LogicalSize(width: 3000, height: 2000).fitted(to: .whole(3))
        XCTAssertEqual(size, LogicalSize(width: 2730, height: 2000))
        XCTAssertEqual(size.buffer(at: .whole(3)).width, 8190)
        XCTAssertEqual(size.buffer(at: .whole(3)).height, 6000)
    }

    func testAWindowClampedAtScaleOneIsClampedAgainAtScaleTwo() {
        let (clamped, line) = LogicalSize(width: 680, height: 420).configured(width: 100_000, height: 300, scale: .whole(1))
        XCTAssertEqual(clamped, LogicalSize(width: 8192, height: 300))
        XCTAssertEqual(line, "rewrap: the compositor asked for a 100000 × 300 window; drawing it at 8192 × 300, the most this window draws")
        XCTAssertEqual(clamped.fitted(to: .whole(2)), LogicalSize(width: 4096, height: 300))
    }

    func testAConfigureOfNoSizeOrANegativeOneKeepsTheWindowsSize() {
        let size = LogicalSize(width: 680, height: 420)
        XCTAssertEqual(size.configured(width: 0, height: -5, scale: .whole(2)).size, size)
        XCTAssertNil(size.configured(width: 0, height: -5, scale: .whole(2)).clamped)
    }

    func testTheLargestSideThatFitsIsTakenAndOneMoreIsClamped() {
        let size = LogicalSize(width: 680, height: 420)
        XCTAssertEqual(size.configured(width: 4096, height: 4097, scale: .whole(2)).size, LogicalSize(width: 4096, height: 4096))
        XCTAssertNil(size.configured(width: 4096, height: 10, scale: .whole(2)).clamped)
        XCTAssertNotNil(size.configured(width: 4096, height: 4097, scale: .whole(2)).clamped)
    }
}

/// At a fractional scale the window keeps within 8,192 buffer pixels too,
/// and its buffer is its logical size times the scale, rounded half away
/// from zero as wp_fractional_scale_v1 asks.
final class SurfaceScaleTests: XCTestCase {
    func testAtOneAndAHalfABufferIsTheLogicalSizeTimesOneAndAHalfRounded() {
        let scale = SurfaceScale.fractional(180)
        XCTAssertEqual(LogicalSize(width: 680, height: 421).buffer(at: scale).width, 1020)
        XCTAssertEqual(LogicalSize(width: 680, height: 421).buffer(at: scale).height, 632, "631.5 rounds away from zero")
        XCTAssertEqual(scale.bufferScale, 1, "drawn at the scale, shown through a viewport")
    }

    func testAtOneAndAHalfTheLargestSideIs5461() {
        let (size, line) = LogicalSize(width: 680, height: 420).configured(width: 6000, height: 5461, scale: .fractional(180))
        XCTAssertEqual(size, LogicalSize(width: 5461, height: 5461), "5461 × 1.5 = 8191.5; 5462 × 1.5 = 8193")
        XCTAssertNotNil(line)
        XCTAssertLessThanOrEqual(size.buffer(at: .fractional(180)).width, 8192)
    }

    func testAPreferredScaleBelowOneOrPastTheLargestIsKeptWithinThem() {
        XCTAssertEqual(SurfaceScale.fractional(0).factor, 1)
        XCTAssertEqual(SurfaceScale.fractional(.max).factor, Double(OutputScale.largest))
    }
}

/// The scale drawn at is the largest of the outputs', within a ceiling.
final class OutputScaleTests: XCTestCase {
    func testAnOutputScaleOfMillionsIsDrawnAtTheLargestScale() {
        XCTAssertEqual(OutputScale.drawn(on: [1, 666_632_212]), 8)
        XCTAssertEqual(LogicalSize(width: 1, height: 1).fitted(to: .whole(OutputScale.drawn(on: [666_632_212]))).buffer(at: .whole(8)).width, 8)
    }

    func testTheLargestOfTheOutputsScalesIsDrawnAndNoneOrNonsenseIsOne() {
        XCTAssertEqual(OutputScale.drawn(on: [1, 3, 2]), 3)
        XCTAssertEqual(OutputScale.drawn(on: []), 1)
        XCTAssertEqual(OutputScale.drawn(on: [0, -2]), 1)
    }
}
