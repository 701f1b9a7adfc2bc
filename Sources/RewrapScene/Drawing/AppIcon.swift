/// The program's icon, drawn from the same shapes as `assets/rewrap.svg`: a
/// blue rounded square holding four white bars in three rows, like labels
/// wrapping onto the next row.
public enum AppIcon {
    /// ARGB pixels, row by row, for a square icon of `size` pixels.
    public static func pixels(size: Int) -> [UInt32] {
        var pixels = [UInt32](repeating: 0, count: size * size)
        let unit = Double(size) / 48
        func paint(_ spans: [CoverageSpan], x: Double, y: Double, color: UInt32) {
            for span in spans {
                for dy in 0..<span.height {
                    for dx in 0..<span.width {
                        let px = Int(x.rounded()) + span.x + dx, py = Int(y.rounded()) + span.y + dy
                        guard px >= 0, py >= 0, px < size, py < size else { continue }
                        pixels[py * size + px] = blend(color, coverage: span.coverage, over: pixels[py * size + px])
                    }
                }
            }
        }
        paint(Shapes.roundedRect(width: size, height: size, radius: 10 * unit), x: 0, y: 0, color: 0xff0a64d8)
        let bars: [(x: Double, y: Double, width: Double)] = [(8, 12, 18), (29, 12, 11), (8, 22, 26), (8, 32, 15)]
        for bar in bars {
            paint(Shapes.roundedRect(width: Int((bar.width * unit).rounded()), height: Int((6 * unit).rounded()), radius: 3 * unit),
                  x: bar.x * unit, y: bar.y * unit, color: 0xffffffff)
        }
        return pixels
    }

    /// Source-over of an opaque colour at `coverage` onto a straight-alpha pixel.
    private static func blend(_ color: UInt32, coverage: Double, over base: UInt32) -> UInt32 {
        func channel(_ value: UInt32, _ shift: UInt32) -> Double { Double((value >> shift) & 0xff) / 255 }
        let baseAlpha = channel(base, 24)
        let alpha = coverage + baseAlpha * (1 - coverage)
        guard alpha > 0 else { return 0 }
        func mixed(_ shift: UInt32) -> UInt32 {
            let value = (channel(color, shift) * coverage + channel(base, shift) * baseAlpha * (1 - coverage)) / alpha
            return UInt32((value * 255).rounded()) << shift
        }
        return UInt32((alpha * 255).rounded()) << 24 | mixed(16) | mixed(8) | mixed(0)
    }
}
