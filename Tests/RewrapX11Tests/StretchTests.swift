import RewrapScene
import RewrapTestSupport
import RewrapX11
import XCTest

/// The back buffer draws wide rounded shapes as two ends and a middle; the
/// pieces must cover exactly what the whole shape does.
final class StretchTests: XCTestCase {
    func testStretchedShapeMatchesTheWholeShape() throws {
        let shapes: [Shape] = [.roundedRect(width: 180, height: 28, radius: 6), .roundedRect(width: 61, height: 30, radius: 8),
                               .roundedBorder(width: 180, height: 28, radius: 6, stroke: 1),
                               .roundedBorder(width: 90, height: 40, radius: 12, stroke: 2)]
        for shape in shapes {
            let stretch = try XCTUnwrap(shape.stretch, "\(shape)")
            var pieced = Raster(Array(stretch.middle))
            let ends = Raster(stretch.ends.spans)
            for (pixel, coverage) in ends.coverage {
                let x = pixel.x < stretch.cap ? pixel.x : pixel.x + shape.width - 2 * stretch.cap
                pieced.set(Raster.Position(x: x, y: pixel.y), coverage)
            }
            XCTAssertEqual(pieced.overlaps, [], "\(shape): drawn twice")
            XCTAssertEqual(pieced, Raster(shape.spans), "\(shape)")
        }
    }

    /// A 300 px control and a 2000 px one share the same two ends.
    func testEveryWidthSharesTheSameEnds() throws {
        let narrow = try XCTUnwrap(Shape.roundedRect(width: 300, height: 28, radius: 6).stretch)
        let wide = try XCTUnwrap(Shape.roundedRect(width: 2000, height: 28, radius: 6).stretch)
        XCTAssertEqual(narrow.ends, wide.ends)
        XCTAssertEqual(narrow.cap, 7)
        XCTAssertEqual(Array(wide.middle), [CoverageSpan(x: 7, y: 0, width: 1986, height: 28, coverage: 1)])
    }

    func testNarrowOrFractionalShapesDoNotStretch() {
        XCTAssertNil(Shape.roundedRect(width: 14, height: 28, radius: 6).stretch)
        XCTAssertNil(Shape.roundedBorder(width: 200, height: 28, radius: 6, stroke: 1.5).stretch)
        XCTAssertNil(Shape.chevron(width: 8, height: 5, stroke: 1.5).stretch)
    }
}
