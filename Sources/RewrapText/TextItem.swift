import CText

/// A stretch of a line that one HarfBuzz call shapes: one bidi level, one
/// script, one face (Pango's *item*). Ranges index the line's scalars.
struct TextItem {
    var range: Range<Int>
    var level: UInt8
    var script: hb_script_t
    var face: FontFace

    var isRightToLeft: Bool { level % 2 == 1 }
}
