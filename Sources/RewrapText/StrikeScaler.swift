/// Scales a glyph drawn at a bitmap strike's size to the size asked for,
/// as cairo and Skia draw a colour emoji font's single strike at any text
/// size. The filter is a box: each new pixel is the average of the strike's
/// pixels under it, weighted by how much of each it covers, which is what
/// pixman's separable convolution gives with box kernels (fcft's "box").
/// Premultiplied colour averages correctly channel by channel. Pure Swift,
/// so both platforms take the same pixels from it.
///
///     StrikeScaler.scaled(emojiAt109, by: 14.0 / 109)   // about 18 × 17 pixels
enum StrikeScaler {
    static func scaled(_ image: GlyphImage, by scale: Double) -> GlyphImage {
        let columns = Axis(offset: image.left, count: image.width, scale: scale)
        // Rows run downwards from the baseline: the top row is at -top.
        let rows = Axis(offset: -image.top, count: image.height, scale: scale)
        let channels = image.bytesPerPixel
        // Across first, each of the strike's rows to the new width.
        let across = columns.taps.count * channels
        var wide = [Float](repeating: 0, count: image.height * across)
        image.bytes.withUnsafeBufferPointer { source in
            for row in 0..<image.height {
                let line = row * image.width * channels
                for (column, taps) in columns.taps.enumerated() {
                    for tap in taps {
                        for channel in 0..<channels {
                            wide[row * across + column * channels + channel] += Float(source[line + tap.index * channels + channel]) * tap.weight
                        }
                    }
                }
            }
        }
        // Then down, to the new height.
        var bytes = [UInt8](repeating: 0, count: rows.taps.count * across)
        for (row, taps) in rows.taps.enumerated() {
            for offset in 0..<across {
                var sum: Float = 0
                for tap in taps { sum += wide[tap.index * across + offset] * tap.weight }
                bytes[row * across + offset] = UInt8(min(255, max(0, sum.rounded())))
            }
        }
        return GlyphImage(kind: image.kind, left: columns.start, top: -rows.start, width: columns.taps.count,
                          height: rows.taps.count, bytes: bytes)
    }

    /// One direction of the scale: the new pixels from `start`, each with
    /// the strike's pixels under it and the share of it each covers.
    struct Axis {
        let start: Int
        let taps: [[(index: Int, weight: Float)]]

        /// The strike's `count` pixels from `offset` (pen-relative), in new pixels.
        init(offset: Int, count: Int, scale: Double) {
            start = Int((Double(offset) * scale).rounded(.down))
            let end = Int((Double(offset + count) * scale).rounded(.up))
            taps = (start..<max(start, end)).map { pixel in
                // The new pixel's footprint in the strike's pixels.
                let low = Double(pixel) / scale - Double(offset), high = Double(pixel + 1) / scale - Double(offset)
                let first = max(0, Int(low.rounded(.down))), last = min(count, Int(high.rounded(.up)))
                guard first < last else { return [] }
                return (first..<last).compactMap { index in
                    let overlap = min(high, Double(index + 1)) - max(low, Double(index))
                    return overlap > 0 ? (index, Float(overlap * scale)) : nil
                }
            }
        }
    }
}
