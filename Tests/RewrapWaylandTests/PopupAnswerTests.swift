import RewrapLayout
import RewrapPlatform
import RewrapScene
@testable import RewrapWayland
import XCTest

/// What a menu makes of the compositor's popup configure (found by the
/// wayland-configure fuzz target: Fuzz/Corpus/wayland-configure/crash-*).
final class PopupAnswerTests: XCTestCase {
    /// Eight rows of 176 × 27 inside a padding of 4: 184 × 224 uncut.
    private let request = PopupRequest(
        plan: PopupPlan(size: Size(width: 184, height: 224), rows: (0..<8).map { Rect(x: 4, y: 4 + 27 * Double($0), width: 176, height: 27) },
                        padding: 4, indicatorHeight: 16),
        anchor: PixelRect(x: 300, y: 200, width: 180, height: 27), gap: 4, edge: .left)

    func testAPopupConfiguredWithNoSizeIsDrawnAtTheMenusOwnSize() {
        for (width, height) in [(0, 0), (-1, -1), (0, 500)] as [(Int32, Int32)] {
            for scale in [SurfaceScale.whole(1), .whole(2)] {
                let area = PopupAnswer.area(x: 300, y: 231, width: width, height: height, scale: scale)
                let (placement, _, buffer) = PopupAnswer.placement(of: request, in: area, scale: scale)
                XCTAssertEqual(placement.frame.size, Size(width: 184, height: 224), "configured \(width) × \(height) at scale \(scale.factor)")
                XCTAssertEqual(placement.visibleRows, 8)
                XCTAssertEqual(buffer.width, 184)
                XCTAssertEqual(buffer.height, 224)
            }
        }
    }

    func testAPopupConfiguredShorterThanTheMenuShowsTheRowsThatFitInWholeLogicalPixels() {
        // 100 logical pixels at scale 2: 200 window pixels hold 4 + 16 + 5 × 27 + 16 + 4 = 175, five rows.
        let area = PopupAnswer.area(x: 150, y: 115, width: 92, height: 100, scale: .whole(2))
        let (placement, _, buffer) = PopupAnswer.placement(of: request, in: area, scale: .whole(2))
        XCTAssertEqual(placement.visibleRows, 5)
        // 175 window pixels are 87.5 logical: the menu is drawn to fill the 88 it gets.
        XCTAssertEqual(placement.frame.height, 176)
        XCTAssertEqual(buffer.height, 176)
        XCTAssertEqual(buffer.width, 184)
    }

    /// A menu's buffer, its viewport and its traced frame agree at every
    /// fractional scale, so no stray row or column shows beside its border.
    func testAMenuFillsTheWholeLogicalPixelsItsBufferHasAtFractionalScales() {
        let wide = PopupRequest(
            plan: PopupPlan(size: Size(width: 272, height: 62), rows: (0..<2).map { Rect(x: 4, y: 4 + 27 * Double($0), width: 264, height: 27) },
                            padding: 4, indicatorHeight: 16),
            anchor: PixelRect(x: 30, y: 78, width: 200, height: 42), gap: 6, edge: .left)
        for scale120 in [150, 180, 210] as [UInt32] {
            let scale = SurfaceScale.fractional(scale120)
            let area = PopupAnswer.area(x: 20, y: 84, width: 0, height: 0, scale: scale)
            let (placement, logical, buffer) = PopupAnswer.placement(of: wide, in: area, scale: scale)
            // Independently: the smallest whole logical size that holds the plan, in pixels.
            let factor = Double(scale120) / 120
            let expected = (width: Int((Double(Int((272 / factor).rounded(.up))) * factor).rounded()),
                            height: Int((Double(Int((62 / factor).rounded(.up))) * factor).rounded()))
            XCTAssertEqual(buffer.width, expected.width, "at \(factor)")
            XCTAssertEqual(buffer.height, expected.height, "at \(factor)")
            XCTAssertEqual(placement.frame.size, Size(width: Double(buffer.width), height: Double(buffer.height)), "at \(factor)")
            XCTAssertEqual(logical.buffer(at: scale).width, buffer.width)
        }
    }

    /// Rounded up to whole logical pixels and then to buffer pixels, the
    /// menu still lies in the rectangle it was configured with, to within
    /// the buffer's half pixel of rounding: at every scale, and where
    /// coordinates are so large that a Double keeps few fractional digits
    /// (the fuzz target's 16 rows at x = -168430091, scale 4.45).
    func testAMenuDrawnAtWholeLogicalPixelsStaysInTheAreaItWasGiven() {
        let areas: [(x: Int32, y: Int32, width: Int32, height: Int32)] = [
            (-168_430_091, 8192, 8192, 8192), (112, 112, 112, 112), (0, 0, 97, 240), (1_000_000, -1_000_000, 61, 61), (.max / 2, .min / 2, 300, 300),
        ]
        var checked = 0
        for scale120 in stride(from: 120, through: 960, by: 7) {
            let scale = SurfaceScale.fractional(UInt32(scale120))
            for given in areas {
                for (anchorX, edge) in [(Int.min / 4, HorizontalEdge.left), (0, .right), (Int.max / 4, .left)] {
                    let wide = PopupRequest(
                        plan: PopupPlan(size: Size(width: 205.3, height: 16 * 20.6 + 8),
                                        rows: (0..<16).map { Rect(x: 4, y: 4 + 20.6 * Double($0), width: 197.3, height: 20.6) },
                                        padding: 4, indicatorHeight: 16),
                        anchor: PixelRect(x: anchorX, y: 0, width: 120, height: 30), gap: 4, edge: edge)
                    let area = PopupAnswer.area(x: given.x, y: given.y, width: given.width, height: given.height, scale: scale)
                    let frame = PopupAnswer.placement(of: wide, in: area, scale: scale).placement.frame
                    let said = "configured at \(given) at scale \(scale.factor): placed at \(frame) in \(area)"
                    XCTAssertGreaterThanOrEqual(frame.minX, area.minX, said)
                    XCTAssertLessThanOrEqual(frame.maxX, area.maxX + 0.5, said)
                    // A menu taller than its area is cut to rows that fit, one at least.
                    if area.height >= 2 * 4 + 2 * 16 + 20.6 {
                        XCTAssertGreaterThanOrEqual(frame.minY, area.minY, said)
                        XCTAssertLessThanOrEqual(frame.maxY, area.maxY + 0.5, said)
                    }
                    checked += 1
                }
            }
        }
        XCTAssertEqual(checked, 121 * 5 * 3)
    }
}
