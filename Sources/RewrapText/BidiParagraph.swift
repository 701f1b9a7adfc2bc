import CText
import RewrapLayout

/// The Unicode bidi algorithm (UAX #9) for one paragraph, through FriBidi:
/// an embedding level for every scalar, with the layout's direction as the
/// paragraph's. Explicit controls in the text (embeddings, overrides,
/// isolates) are honoured, and end with the paragraph, however unbalanced.
///
///     BidiParagraph.levels(of: scalars, direction: .leftToRight)   // [0, 0, 0, 1, 1]
enum BidiParagraph {
    /// Nothing below U+0590 is right-to-left, an Arabic number or an
    /// explicit control, so in a left-to-right paragraph every such scalar
    /// resolves to level 0: most labels need no FriBidi call at all.
    static let firstRightToLeftScalar: UInt32 = 0x0590

    /// Whether every scalar resolves to level 0 without FriBidi.
    static func isPlainLeftToRight(_ scalars: some Sequence<UInt32>, direction: LayoutDirection) -> Bool {
        direction == .leftToRight && !scalars.contains { $0 >= firstRightToLeftScalar }
    }

    static func levels(of scalars: [UInt32], direction: LayoutDirection) -> [UInt8] {
        if isPlainLeftToRight(scalars, direction: direction) { return Array(repeating: 0, count: scalars.count) }
        return resolvedLevels(of: scalars, direction: direction)
    }

    /// The whole algorithm, through FriBidi.
    static func resolvedLevels(of scalars: [UInt32], direction: LayoutDirection) -> [UInt8] {
        let count = scalars.count
        let base: UInt8 = direction == .rightToLeft ? 1 : 0
        guard count > 0 else { return [] }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: count)
        fribidi_get_bidi_types(scalars, FriBidiStrIndex(count), &types)
        var brackets = [FriBidiBracketType](repeating: 0, count: count)
        fribidi_get_bracket_types(scalars, FriBidiStrIndex(count), types, &brackets)
        var paragraph = direction == .rightToLeft ? rewrap_fribidi_par_rtl() : rewrap_fribidi_par_ltr()
        var levels = [FriBidiLevel](repeating: 0, count: count)
        guard fribidi_get_par_embedding_levels_ex(types, brackets, FriBidiStrIndex(count), &paragraph, &levels) > 0 else {
            return Array(repeating: base, count: count)
        }
        return levels.map { UInt8(clamping: Int($0)) }
    }

    /// Rule L2 over runs: from the highest level down to the lowest odd one,
    /// reverse every stretch of runs at that level or above. Returns the
    /// runs' indices in the order they are shown, left to right.
    static func visualOrder(ofRunLevels levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 % 2 == 1 }).min() else { return order }
        var level = highest
        while level >= lowestOdd {
            var start = 0
            while start < order.count {
                guard levels[order[start]] >= level else {
                    start += 1
                    continue
                }
                var end = start
                while end < order.count, levels[order[end]] >= level { end += 1 }
                order[start..<end].reverse()
                start = end
            }
            level -= 1
        }
        return order
    }
}
