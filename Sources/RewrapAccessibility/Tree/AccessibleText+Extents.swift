import RewrapScene

/// Where characters are drawn, for screen readers' flat review and
/// magnifiers. The tree keeps no glyph positions, so each line is taken to
/// fill the node's height evenly and its characters to share the width of
/// the longest line, from the start edge: the right one in right-to-left
/// text. Lines, and so what flat review reads on each, are exact; a
/// character's box within its line is an estimate.
///
///     let text = AccessibleText("Sketch", lines: ["Sketch"])
///     text.characterBox(0, in: PixelRect(x: 20, y: 10, width: 60, height: 20), rightToLeft: false)   // 20, 10, 10, 20
extension AccessibleText {
    public func characterBox(_ offset: Int, in frame: PixelRect, rightToLeft: Bool) -> PixelRect? {
        guard let line = lineRanges.firstIndex(where: { $0.contains(offset) }) else { return nil }
        let longest = lineRanges.map(\.count).max() ?? 1
        let advance = Double(frame.width) / Double(max(1, longest))
        let top = frame.y + frame.height * line / lineRanges.count
        let bottom = frame.y + frame.height * (line + 1) / lineRanges.count
        let column = offset - lineRanges[line].lowerBound
        var left = Double(frame.x) + Double(column) * advance
        if rightToLeft { left = Double(frame.x + frame.width) - Double(column + 1) * advance }
        let x = Int(left.rounded()), right = Int((left + advance).rounded())
        return PixelRect(x: x, y: top, width: right - x, height: bottom - top)
    }

    /// The box around the characters from `start` up to `end`; nil when the range holds none.
    public func rangeBox(from start: Int, to end: Int, in frame: PixelRect, rightToLeft: Bool) -> PixelRect? {
        let boxes = (max(0, start)..<max(max(0, start), min(end, count))).compactMap {
            characterBox($0, in: frame, rightToLeft: rightToLeft)
        }
        guard let first = boxes.first else { return nil }
        return boxes.dropFirst().reduce(first) { $0.union($1) }
    }

    /// The character drawn at a point, or -1 when none is.
    public func offset(atX x: Int, y: Int, in frame: PixelRect, rightToLeft: Bool) -> Int {
        (0..<count).first { characterBox($0, in: frame, rightToLeft: rightToLeft)?.contains(x: x, y: y) == true } ?? -1
    }
}
