import Foundation

/// An image's pixels as 8-bit red, green and blue, read through ImageMagick,
/// for tests that look for things in a screenshot.
public struct RGBImage {
    /// One pixel's colour.
    public struct RGB: Equatable, Sendable {
        public var red: UInt8
        public var green: UInt8
        public var blue: UInt8

        public init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }
    }

    public let width: Int
    public let height: Int
    private let bytes: [UInt8]

    public init(contentsOf path: String) throws {
        let size = try runCommand(["/usr/bin/identify", "-format", "%w %h", path])
        let sides = size.stdout.split(separator: " ").compactMap { Int($0) }
        guard sides.count == 2 else { throw TestFailure("identify \(path): \(size.stderr)") }
        let raw = try TemporaryFile(suffix: ".rgb")
        let converted = try runCommand(["/usr/bin/convert", path, "-depth", "8", "rgb:" + raw.path])
        let bytes = [UInt8]((try? Data(contentsOf: raw.url)) ?? Data())
        guard converted.status == 0, bytes.count == sides[0] * sides[1] * 3 else {
            throw TestFailure("convert \(path): \(converted.stderr)")
        }
        (width, height, self.bytes) = (sides[0], sides[1], bytes)
    }

    public subscript(_ x: Int, _ y: Int) -> RGB {
        let index = (y * width + x) * 3
        return RGB(red: bytes[index], green: bytes[index + 1], blue: bytes[index + 2])
    }

    public func row(_ y: Int) -> [RGB] { (0..<width).map { self[$0, y] } }

    /// The top-left corner of the first place where `row` stands whole.
    public func firstPlace(of row: [RGB]) -> (x: Int, y: Int)? {
        guard let first = row.first, row.count <= width else { return nil }
        for y in 0..<height {
            for x in 0...(width - row.count) where self[x, y] == first {
                if row.indices.allSatisfy({ self[x + $0, y] == row[$0] }) { return (x, y) }
            }
        }
        return nil
    }
}
