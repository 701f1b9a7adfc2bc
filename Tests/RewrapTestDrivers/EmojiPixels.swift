import Foundation
import RewrapLayout

/// What the emoji tests look for in a picture: coloured pixels, 40 or more
/// levels between the brightest channel and the darkest. Rewrap's light
/// palette has none in a window at rest (its chip fill, 25 apart, and its
/// hover are pale, its text grey; the accent shows only around a focused
/// control or a highlighted row), so such pixels are the emoji's. Noto's
/// keycaps, a pale blue-grey, reach 69.
public enum EmojiPixels {
    /// A pixel whose brightest and darkest channels are 40 or more apart.
    public static func isColourful(_ pixel: RGBImage.RGB) -> Bool {
        let channels = [Int(pixel.red), Int(pixel.green), Int(pixel.blue)]
        return channels.max()! - channels.min()! >= 40
    }

    /// The coloured pixels of `image` inside `rect` (image pixels, clipped
    /// to the image): how many, and the columns and rows they span.
    public static func colourful(in image: RGBImage, _ rect: Rect) -> (count: Int, columns: ClosedRange<Int>?, rows: ClosedRange<Int>?) {
        let left = max(0, Int(rect.minX)), right = min(image.width, Int(rect.maxX.rounded(.up)))
        let top = max(0, Int(rect.minY)), bottom = min(image.height, Int(rect.maxY.rounded(.up)))
        var count = 0
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        for y in top..<max(top, bottom) {
            for x in left..<max(left, right) where isColourful(image[x, y]) {
                count += 1
                (minX, maxX, minY, maxY) = (min(minX, x), max(maxX, x), min(minY, y), max(maxY, y))
            }
        }
        return count == 0 ? (0, nil, nil) : (count, minX...maxX, minY...maxY)
    }

    /// Coloured pixels of `image` outside every one of `rects`.
    public static func colourfulOutside(_ rects: [Rect], in image: RGBImage) -> [(x: Int, y: Int)] {
        var found: [(x: Int, y: Int)] = []
        for y in 0..<image.height {
            for x in 0..<image.width where isColourful(image[x, y]) {
                let point = (x: Double(x) + 0.5, y: Double(y) + 0.5)
                if !rects.contains(where: { $0.minX <= point.x && point.x < $0.maxX && $0.minY <= point.y && point.y < $0.maxY }) {
                    found.append((x, y))
                }
            }
        }
        return found
    }

    /// Whether `text` has a cluster that asks for emoji presentation as the
    /// tests' panels write them: any scalar of Emoji_Presentation, or VS16.
    public static func asksForEmoji(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.isEmojiPresentation || $0.value == 0xFE0F }
    }
}
