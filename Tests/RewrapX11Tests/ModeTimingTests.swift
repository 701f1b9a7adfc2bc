import RewrapX11
import XCTest

/// Refresh rates from mode timings, checked against published modes
/// (CEA-861 and VESA CVT), not against the formula under test.
final class ModeTimingTests: XCTestCase {
    func testCommonModes() throws {
        // 1920x1080@60 (CEA-861 VIC 16): 148.5 MHz, 2200 x 1125.
        XCTAssertEqual(try XCTUnwrap(ModeTiming(dotClock: 148_500_000, hTotal: 2200, vTotal: 1125).refreshRate), 60, accuracy: 1e-9)
        // 1920x1080@59.94: 148.352 MHz.
        XCTAssertEqual(try XCTUnwrap(ModeTiming(dotClock: 148_351_648, hTotal: 2200, vTotal: 1125).refreshRate), 59.94, accuracy: 0.001)
        // 2560x1440@144 (CVT reduced blanking v2): 586.586 MHz, 2640 x 1543.
        XCTAssertEqual(try XCTUnwrap(ModeTiming(dotClock: 586_586_000, hTotal: 2640, vTotal: 1543).refreshRate), 144, accuracy: 0.01)
    }

    func testDoubleScanHalvesAndInterlaceDoublesTheRate() throws {
        // VGA's 320x200 at 70 Hz, each of 224 lines drawn twice; 1920x1080i at 60 fields a second (VIC 5: 74.25 MHz, 2200 x 1125).
        XCTAssertEqual(try XCTUnwrap(ModeTiming(dotClock: 12_587_500, hTotal: 400, vTotal: 224, doubleScan: true).refreshRate),
                       70.24, accuracy: 0.01)
        XCTAssertEqual(try XCTUnwrap(ModeTiming(dotClock: 74_250_000, hTotal: 2200, vTotal: 1125, interlace: true).refreshRate), 60, accuracy: 1e-9)
    }

    func testModesWithoutTimingHaveNoRate() {
        // Xvfb reports its one mode with no clock.
        XCTAssertNil(ModeTiming(dotClock: 0, hTotal: 1280, vTotal: 1024).refreshRate)
        XCTAssertNil(ModeTiming(dotClock: 148_500_000, hTotal: 0, vTotal: 1125).refreshRate)
        XCTAssertNil(ModeTiming(dotClock: 148_500_000, hTotal: 2200, vTotal: 0).refreshRate)
    }
}
