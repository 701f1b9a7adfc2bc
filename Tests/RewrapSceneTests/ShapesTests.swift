import RewrapPanelFile
import RewrapScene
import RewrapTestSupport
import XCTest

final class ShapesTests: XCTestCase {
    private typealias Position = Raster.Position

    /// Each pixel's coverage; a pixel that two spans cover fails the test,
    /// since drawing it twice would darken it.
    private func raster(_ spans: [CoverageSpan], file: StaticString = #filePath, line: UInt = #line) -> [Position: Double] {
        for span in spans {
            XCTAssertTrue(span.coverage > 0 && span.coverage <= 1, "coverage \(span.coverage)", file: file, line: line)
        }
        let raster = Raster(spans)
        XCTAssertEqual(raster.overlaps, [], "pixels covered twice", file: file, line: line)
        return raster.coverage
    }

    private func area(_ spans: [CoverageSpan]) -> Double {
        spans.reduce(0) { $0 + Double($1.width * $1.height) * $1.coverage }
    }

    /// A rounded rectangle loses a (1 − π/4) r² sliver at each of its four corners.
    private func roundedArea(_ width: Double, _ height: Double, _ radius: Double) -> Double {
        width * height - (4 - .pi) * radius * radius
    }

    private func assertWithinBounds(_ spans: [CoverageSpan], width: Int, height: Int,
                                    file: StaticString = #filePath, line: UInt = #line) {
        for span in spans {
            XCTAssertTrue(span.x >= 0 && span.y >= 0 && span.x + span.width <= width && span.y + span.height <= height,
                          "\(span) leaves \(width) × \(height)", file: file, line: line)
        }
    }

    // Antialiasing spreads each edge pixel's error; a pixel or so of area is noise.
    private let tolerance = 1.0

    func testRoundedRectAreaMatchesGeometry() {
        for (width, height, radius) in [(40, 30, 8.0), (127, 29, 6), (64, 40, 12.5), (200, 120, 30)] {
            let spans = Shapes.roundedRect(width: width, height: height, radius: radius)
            XCTAssertEqual(area(spans), roundedArea(Double(width), Double(height), radius), accuracy: tolerance,
                           "\(width) × \(height), r \(radius)")
        }
    }

    func testRadiusIsClampedToHalfTheShorterSide() {
        // A 20-high stadium: a 40 × 20 rectangle and two half discs of radius 10.
        let spans = Shapes.roundedRect(width: 60, height: 20, radius: 50)
        XCTAssertEqual(area(spans), 40 * 20 + .pi * 100, accuracy: tolerance)
    }

    func testRoundedRectSpansStayInBoundsAndNeverOverlap() {
        for (width, height, radius) in [(40, 30, 8.0), (127, 29, 6), (7, 5, 3), (1, 1, 0.5)] {
            let spans = Shapes.roundedRect(width: width, height: height, radius: radius)
            assertWithinBounds(spans, width: width, height: height)
            _ = raster(spans)
        }
    }

    func testCornersAreAntialiasedAndCentreIsSolid() {
        let pixels = raster(Shapes.roundedRect(width: 40, height: 30, radius: 8))
        XCTAssertEqual(pixels[Position(x: 20, y: 15)], 1, "centre")
        XCTAssertEqual(pixels[Position(x: 20, y: 0)], 1, "a straight edge on a pixel boundary is solid")
        XCTAssertEqual(pixels[Position(x: 0, y: 15)], 1)
        XCTAssertLessThan(pixels[Position(x: 0, y: 0)] ?? 0, 0.5, "the corner pixel is mostly outside the arc")
        for (cornerX, cornerY) in [(0, 0), (32, 0), (0, 22), (32, 22)] {
            let partial = (cornerX..<cornerX + 8).flatMap { x in (cornerY..<cornerY + 8).map { Position(x: x, y: $0) } }
                .filter { (pixels[$0] ?? 0) > 0 && (pixels[$0] ?? 0) < 1 }
            XCTAssertFalse(partial.isEmpty, "corner at (\(cornerX), \(cornerY)) has partly covered pixels")
        }
    }

    func testZeroRadiusGivesExactlyTheFullRect() {
        for (width, height) in [(40, 30), (7, 3), (1, 1), (127, 29)] {
            let pixels = raster(Shapes.roundedRect(width: width, height: height, radius: 0))
            XCTAssertEqual(pixels.count, width * height, "\(width) × \(height)")
            XCTAssertTrue(pixels.values.allSatisfy { $0 == 1 }, "\(width) × \(height)")
            XCTAssertTrue(pixels.keys.allSatisfy { $0.x >= 0 && $0.x < width && $0.y >= 0 && $0.y < height })
        }
    }

    func testEmptySizeGivesNoSpans() {
        XCTAssertEqual(Shapes.roundedRect(width: 0, height: 10, radius: 2), [])
        XCTAssertEqual(Shapes.roundedBorder(width: 10, height: 0, radius: 2, stroke: 1), [])
    }

    func testBorderCoverageMatchesRingArea() {
        for (width, height, radius, stroke) in [(127, 29, 6.0, 1.0), (40, 30, 8, 2), (135, 37, 10, 2), (60, 40, 0, 3)] {
            let spans = Shapes.roundedBorder(width: width, height: height, radius: radius, stroke: stroke)
            let w = Double(width), h = Double(height)
            let ring = roundedArea(w, h, radius) - roundedArea(w - 2 * stroke, h - 2 * stroke, max(0, radius - stroke))
            XCTAssertEqual(area(spans), ring, accuracy: tolerance, "\(width) × \(height), r \(radius), stroke \(stroke)")
            assertWithinBounds(spans, width: width, height: height)
            let pixels = raster(spans)
            XCTAssertNil(pixels[Position(x: width / 2, y: height / 2)], "the middle is left empty")
        }
    }

    /// The signed distance from (x, y), relative to the centre, to a
    /// rounded rectangle, found as the nearest point of the rectangle its
    /// corners' centres span, less the radius: the shape is that rectangle
    /// grown by the radius.
    private func distance(_ x: Double, _ y: Double, width: Double, height: Double, radius: Double) -> Double {
        let halfX = width / 2 - radius, halfY = height / 2 - radius
        let nearestX = min(max(x, -halfX), halfX), nearestY = min(max(y, -halfY), halfY)
        let dx = x - nearestX, dy = y - nearestY
        if dx != 0 || dy != 0 { return (dx * dx + dy * dy).squareRoot() - radius }
        return -min(halfX - abs(x), halfY - abs(y)) - radius
    }

    /// Every pixel of a fill and of a border, from the corners to the long
    /// level runs of a pill's top and bottom rows, is covered by how far its
    /// centre lies inside each outline: 0.5 − distance, clamped, to the
    /// 1/64 the spans keep. Odd and even widths, strokes past the radius,
    /// and radii past half the height.
    func testEveryPixelIsCoveredByItsDistanceToTheOutlines() {
        let strokes: [Double?] = [nil, 1, 2, 3.5]
        let shapes: [(Int, Int, Double, Double?)] = [1, 2, 7, 8, 33, 64, 151].flatMap { width in
            [1, 2, 5, 24, 31].flatMap { height in
                [0, 2.5, 6, 12, 100].flatMap { radius in strokes.map { (width, height, radius, $0) } }
            }
        }
        for (width, height, radius, stroke) in shapes {
            let w = Double(width), h = Double(height)
            let r = min(radius, min(w, h) / 2)
            let spans = stroke.map { Shapes.roundedBorder(width: width, height: height, radius: radius, stroke: $0) }
                ?? Shapes.roundedRect(width: width, height: height, radius: radius)
            assertWithinBounds(spans, width: width, height: height)
            let pixels = raster(spans)
            func inside(_ distance: Double) -> Double { min(1, max(0, 0.5 - distance)) }
            for y in 0..<height {
                for x in 0..<width {
                    let px = Double(x) + 0.5 - w / 2, py = Double(y) + 0.5 - h / 2
                    var expected = inside(distance(px, py, width: w, height: h, radius: r))
                    if let stroke, w - 2 * stroke > 0, h - 2 * stroke > 0 {
                        expected = max(0, expected - inside(distance(px, py, width: w - 2 * stroke, height: h - 2 * stroke,
                                                                     radius: max(0, r - stroke))))
                    }
                    let drawn = pixels[Position(x: x, y: y)] ?? 0
                    if abs(drawn - expected) > 1.0 / 128 + 1e-9 {
                        XCTFail("(\(x), \(y)) of \(width) × \(height), r \(radius), stroke \(String(describing: stroke)): \(drawn), not \(expected)")
                        return
                    }
                }
            }
        }
    }

    func testChevronIsSymmetricAndInBounds() {
        for (width, height, stroke) in [(8, 5, 1.5), (16, 10, 3.0), (9, 6, 1.0)] {
            let spans = Shapes.chevron(width: width, height: height, stroke: stroke)
            assertWithinBounds(spans, width: width, height: height)
            let pixels = raster(spans)
            for (pixel, coverage) in pixels {
                let mirror = pixels[Position(x: width - 1 - pixel.x, y: pixel.y)] ?? 0
                XCTAssertEqual(coverage, mirror, accuracy: 1.0 / 64, "(\(pixel.x), \(pixel.y)) in \(width) × \(height)")
            }
        }
    }

    func testChevronIsAVeeNotATriangle() {
        let pixels = raster(Shapes.chevron(width: 16, height: 10, stroke: 3))
        XCTAssertGreaterThan(pixels[Position(x: 1, y: 1)] ?? 0, 0.5, "left arm")
        XCTAssertGreaterThan(pixels[Position(x: 14, y: 1)] ?? 0, 0.5, "right arm")
        XCTAssertGreaterThan(pixels[Position(x: 7, y: 8)] ?? 0, 0.5, "tip")
        XCTAssertNil(pixels[Position(x: 8, y: 0)], "the top middle is open")
    }
}
