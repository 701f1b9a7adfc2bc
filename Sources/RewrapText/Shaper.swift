import CText

/// The second stage: HarfBuzz turns each item into glyphs, and the line's
/// items are set side by side in the order the bidi algorithm shows them.
final class Shaper {
    private let buffer: OpaquePointer
    /// How many times HarfBuzz has run, so tests can prove a cache holds.
    private(set) var shapeCount = 0
    /// Pair kerning off: Latin labels keep the widths Xft gives them, so a
    /// layout made before shaping reads the same. Joining, conjuncts and
    /// mark placement are other features and stay on.
    private var features: [hb_feature_t]

    init() {
        buffer = hb_buffer_create()
        var noKerning = hb_feature_t()
        _ = hb_feature_from_string("-kern", -1, &noKerning)
        features = [noKerning]
    }

    deinit {
        hb_buffer_destroy(buffer)
    }

    func line(_ items: [TextItem], scalars: [UInt32], fallbackFace: FontFace) -> ShapedLine {
        var runs: [GlyphRun] = []
        // The pen moves in 26.6 so that fractional offsets add up; glyphs
        // land on whole pixels, as Xft draws them.
        var pen: Int64 = 0
        for index in BidiParagraph.visualOrder(ofRunLevels: items.map(\.level)) {
            runs.append(shape(items[index], scalars: scalars, pen: &pen))
        }
        let faces = runs.map(\.face) + [fallbackFace]
        return ShapedLine(runs: runs, width: Int(Self.pixels(pen)), ascent: faces.map(\.ascent).max()!,
                          descent: faces.map(\.descent).max()!)
    }

    private func shape(_ item: TextItem, scalars: [UInt32], pen: inout Int64) -> GlyphRun {
        hb_buffer_clear_contents(buffer)
        // The whole line goes in as context, so joining and reordering see
        // what surrounds the item.
        hb_buffer_add_codepoints(buffer, scalars, Int32(scalars.count), UInt32(item.range.lowerBound), Int32(item.range.count))
        hb_buffer_set_direction(buffer, item.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, item.script)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(item.face.font, buffer, &features, UInt32(features.count))
        shapeCount += 1

        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)
        let positions = hb_buffer_get_glyph_positions(buffer, &count)
        var run = GlyphRun(face: item.face, isRightToLeft: item.isRightToLeft)
        run.glyphs.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
            let info = infos![index], position = positions![index]
            run.glyphs.append(PlacedGlyph(id: info.codepoint, cluster: info.cluster, advance: position.x_advance,
                                          x: Int32(clamping: Self.pixels(pen + Int64(position.x_offset))),
                                          y: Int32(clamping: -Self.pixels(Int64(position.y_offset)))))
            pen += Int64(position.x_advance)
        }
        return run
    }

    /// 26.6 to whole pixels, halves rounded up, as FreeType rounds.
    static func pixels(_ value: Int64) -> Int64 {
        (value + 32) >> 6
    }
}
