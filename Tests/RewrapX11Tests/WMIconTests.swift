import RewrapScene
import RewrapTestSupport
import RewrapX11
import XCTest

/// The icon a window manager shows: packed as `_NET_WM_ICON` wants it, and
/// drawn like `assets/rewrap.svg`.
final class WMIconTests: XCTestCase {
    func testPackingIsWidthHeightThenEveryPixelInOrder() {
        let pixels: [UInt32] = [0xff000001, 0x80ffffff, 0x00000000, 0xff0a64d8]
        XCTAssertEqual(WMIcon.pack(pixels: pixels, size: 2), [2, 2, 0xff000001, 0x80ffffff, 0, 0xff0a64d8])
    }

    /// Edges antialias a little differently in librsvg, so the mean is held
    /// tighter than the worst pixel; a bar one pixel out of place fails both.
    func testIconMatchesTheSVGAsLibrsvgDrawsIt() throws {
        for size in [48, 96] {
            let (mean, worst) = IconReference.difference(AppIcon.pixels(size: size), try IconReference.svgPixels(size: size))
            XCTAssertLessThan(mean, 2, "mean difference at \(size) px")
            XCTAssertLessThan(worst, 48, "worst pixel at \(size) px")
        }
    }
}
