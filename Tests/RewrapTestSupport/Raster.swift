import RewrapScene

/// Coverage spans laid out as pixels, to compare shapes pixel by pixel.
public struct Raster: Equatable {
    /// A pixel's place in the raster.
    public struct Position: Hashable, Sendable {
        public var x: Int
        public var y: Int

        public init(x: Int, y: Int) {
            self.x = x
            self.y = y
        }
    }

    public private(set) var coverage: [Position: Double] = [:]
    /// Pixels that two spans covered: drawing them twice would darken them.
    public private(set) var overlaps: [Position] = []

    public init(_ spans: [CoverageSpan] = []) {
        add(spans)
    }

    public mutating func add(_ spans: [CoverageSpan], dx: Int = 0) {
        for span in spans {
            for y in span.y..<(span.y + span.height) {
                for x in span.x..<(span.x + span.width) {
                    set(Position(x: x + dx, y: y), span.coverage)
                }
            }
        }
    }

    public mutating func set(_ pixel: Position, _ value: Double) {
        if coverage[pixel] != nil { overlaps.append(pixel) }
        coverage[pixel] = value
    }

    public subscript(_ x: Int, _ y: Int) -> Double? { coverage[Position(x: x, y: y)] }

    public static func == (lhs: Raster, rhs: Raster) -> Bool { lhs.coverage == rhs.coverage }
}
