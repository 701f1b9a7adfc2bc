import Foundation

/// `assets/rewrap.svg` as librsvg draws it (`rsvg-convert`), to hold
/// the program's own icon rasteriser against a renderer it shares nothing with.
public enum IconReference {
    /// ARGB pixels, row by row.
    public static func svgPixels(size: Int) throws -> [UInt32] {
        let png = try TemporaryFile(suffix: ".png")
        let output = try TemporaryFile(suffix: ".rgba")
        let render = try runCommand(["/usr/bin/rsvg-convert", "-w", String(size), "-h", String(size), "-o", png.path,
                                     PackagePaths.root + "/assets/rewrap.svg"])
        let convert = try runCommand(["/usr/bin/convert", png.path, "-depth", "8", "rgba:" + output.path])
        let bytes = Array(try Data(contentsOf: output.url))
        guard render.status == 0, convert.status == 0, bytes.count == size * size * 4 else {
            throw TestFailure("librsvg and ImageMagick gave \(bytes.count) bytes for the SVG: \(render.stderr) \(convert.stderr)")
        }
        return (0..<(size * size)).map { index in
            let red = UInt32(bytes[index * 4]), green = UInt32(bytes[index * 4 + 1])
            let blue = UInt32(bytes[index * 4 + 2]), alpha = UInt32(bytes[index * 4 + 3])
            return alpha << 24 | red << 16 | green << 8 | blue
        }
    }

    /// The mean and the largest difference per pixel, in levels of 255, over
    /// alpha and premultiplied colour, so a transparent pixel's colour does not count.
    public static func difference(_ a: [UInt32], _ b: [UInt32]) -> (mean: Double, worst: Double) {
        guard a.count == b.count, !a.isEmpty else { return (255, 255) }
        func premultiplied(_ pixel: UInt32) -> [Double] {
            let alpha = Double(pixel >> 24)
            return [alpha] + [16, 8, 0].map { Double(pixel >> $0 & 0xff) * alpha / 255 }
        }
        var total = 0.0, worst = 0.0
        for (x, y) in zip(a, b) {
            let difference = zip(premultiplied(x), premultiplied(y)).map { abs($0 - $1) }.max()!
            total += difference
            worst = max(worst, difference)
        }
        return (total / Double(a.count), worst)
    }
}
