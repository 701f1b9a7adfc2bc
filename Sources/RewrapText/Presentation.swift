/// How a cluster asks to be shown (UTS #51): as a colour picture, or as
/// text in the line's own colour. Decided from the scalars alone, before
/// any font is asked, so it is tested with Unicode's own lists and no font.
///
///     Presentation.requested(by: "✏️".unicodeScalars)   // .emoji (VS16)
///     Presentation.requested(by: "❤︎".unicodeScalars)   // .text (VS15)
///     Presentation.requested(by: "✏".unicodeScalars)    // nil: text, the character's default
public enum Presentation: Hashable, Sendable {
    case text
    case emoji

    /// The presentation `cluster` (one extended grapheme cluster) asks for,
    /// or nil when it asks for none and takes whatever face draws it: plain
    /// text, and emoji characters whose default is text. Emoji presentation
    /// comes from a character with Emoji_Presentation, an emoji with VS16,
    /// a keycap, a flag (a pair of regional indicators, or a tag sequence),
    /// a skin-tone modifier sequence or a ZWJ sequence; text presentation
    /// from VS15.
    public static func requested<Scalars: Collection<Unicode.Scalar>>(by cluster: Scalars) -> Presentation? {
        guard let first = cluster.first else { return nil }
        let rest = cluster.dropFirst()
        // Only a scalar among these can make a sequence: plain text stops
        // here on comparisons, without the Unicode property tables.
        guard rest.contains(where: { isSequencePart($0.value) }) else { return presentedAlone(first) }
        let base = first.properties
        guard base.isEmoji, let second = rest.first else { return nil }
        switch second.value {
        case textSelector: return .text
        case emojiSelector: return .emoji
        case keycap where keycapBases.contains(first.value): return .emoji
        default: break
        }
        if regionalIndicators.contains(first.value) && regionalIndicators.contains(second.value) { return .emoji }
        if base.isEmojiModifierBase && second.properties.isEmojiModifier { return .emoji }
        if tags.contains(second.value) { return .emoji }
        // A ZWJ sequence joins emoji to emoji; a joiner in Indic or Arabic
        // text follows no emoji, and digits are emoji only in keycaps.
        if !keycapBases.contains(first.value),
           zip(rest, rest.dropFirst()).contains(where: { $0.value == zeroWidthJoiner && $1.properties.isEmoji }) {
            return .emoji
        }
        return presentedAlone(first)
    }

    /// The presentation a cluster of one scalar asks for: what
    /// `requested(by:)` answers, without walking a sequence.
    static func requested(byScalar scalar: Unicode.Scalar) -> Presentation? {
        presentedAlone(scalar)
    }

    /// A lone character: emoji when its default presentation is.
    private static func presentedAlone(_ scalar: Unicode.Scalar) -> Presentation? {
        scalar.value >= lowestEmojiPresentation && scalar.properties.isEmojiPresentation ? .emoji : nil
    }

    private static func isSequencePart(_ value: UInt32) -> Bool {
        value == emojiSelector || value == textSelector || value == keycap || value == zeroWidthJoiner
            || regionalIndicators.contains(value) || skinTones.contains(value) || tags.contains(value)
    }

    /// What Swift's `Unicode.Scalar.Properties` does not name.
    /// U+1F1E6–1F1FF: two of them make a flag.
    public static let regionalIndicators: ClosedRange<UInt32> = 0x1F1E6...0x1F1FF
    /// U+E0020–E007F: a tag specification and its cancel tag, after a black
    /// flag, make a subdivision's flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿).
    public static let tags: ClosedRange<UInt32> = 0xE0020...0xE007F
    /// The Fitzpatrick modifiers, Emoji_Modifier in Unicode's data.
    static let skinTones: ClosedRange<UInt32> = 0x1F3FB...0x1F3FF
    static let textSelector: UInt32 = 0xFE0E
    static let emojiSelector: UInt32 = 0xFE0F
    static let keycap: UInt32 = 0x20E3
    static let zeroWidthJoiner: UInt32 = 0x200D
    /// `#`, `*` and the digits: emoji only as keycaps.
    static let keycapBases: Set<UInt32> = Set([0x23, 0x2A] + Array(0x30...0x39))
    /// U+231A WATCH: no character below it has Emoji_Presentation.
    static let lowestEmojiPresentation: UInt32 = 0x231A
}
