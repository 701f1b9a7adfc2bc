import Foundation

/// Raw pixels read back from a test's server, with the visual's channel
/// masks, and the levels a colour should show at that visual's precision,
/// worked out here rather than by the code under test.
///
///     let pixels = try ScreenPixels.read([(5, 5)], server: server)
///     pixels.levels(0) == pixels.nearestLevels(red: 247 / 255, green: 247 / 255, blue: 248 / 255)
public struct ScreenPixels {
    /// Red, green and blue masks of the default visual.
    public var masks: [UInt32]
    public var values: [UInt32]

    /// Reads the root window's pixels at each (x, y), through `rewrap-xhelper pixels`.
    public static func read(_ points: [(x: Int, y: Int)], server: XvfbServer) throws -> ScreenPixels {
        let result = try runCommand([PackagePaths.helperBinary, "pixels"] + points.map { "\($0.x),\($0.y)" },
                                    environment: ["DISPLAY": server.display])
        let lines = result.stdout.split(separator: "\n")
        func hex(_ token: Substring) -> UInt32? { token.hasPrefix("0x") ? UInt32(token.dropFirst(2), radix: 16) : nil }
        guard result.status == 0, let first = lines.first, first.hasPrefix("masks ") else {
            throw TestFailure("rewrap-xhelper pixels failed: \(result.stderr)")
        }
        let masks = first.split(separator: " ").dropFirst().compactMap(hex)
        let values = lines.dropFirst().compactMap(hex)
        guard masks.count == 3, values.count == points.count else { throw TestFailure("unexpected output: \(result.stdout)") }
        return ScreenPixels(masks: masks, values: values)
    }

    /// The highest level of each channel: 31, 63, 31 at 16 bits.
    public var maximumLevels: [Int] { masks.map { Int($0 >> $0.trailingZeroBitCount) } }

    /// Pixel `index` as red, green and blue levels.
    public func levels(_ index: Int) -> [Int] {
        masks.map { Int((values[index] & $0) >> $0.trailingZeroBitCount) }
    }

    /// The levels nearest to a colour whose channels run from 0 to 1.
    public func nearestLevels(red: Double, green: Double, blue: Double) -> [Int] {
        zip([red, green, blue], maximumLevels).map { Int(($0 * Double($1)).rounded()) }
    }
}
