import RewrapLayout

/// The break stage: splits a paragraph into lines that fit a width, at
/// spaces and between CJK characters, and never inside a cluster. A word
/// wider than the width keeps a line to itself rather than being cut, as a
/// label is never partly shown.
///
///     let breaker = LineBreaker(measurer: engine)
///     breaker.wrap("Choose a longer option", width: 100, style: .body).lines
///
/// What a new width cannot change is kept: each paragraph is measured whole
/// once, its pieces once and only when it first has to break, and the lines
/// for each set of breaks are remembered with their measurements, so a
/// resize to a width already seen, or to one that breaks the same way,
/// measures and shapes nothing.
public final class LineBreaker {
    private let measurer: any TextMeasurer
    private var paragraphs: [ParagraphKey: Paragraph] = [:]
    /// Headings and footers are few; a full cache means something unusual.
    private let capacity = 512

    /// Keyed by the exact scalars, as `WrappedLine` is: canonically
    /// equivalent paragraphs break into pieces of other lengths.
    private struct ParagraphKey: Hashable {
        var text: String
        var style: TextStyle

        static func == (a: Self, b: Self) -> Bool {
            a.text.hasSameScalars(as: b.text) && a.style == b.style
        }

        func hash(into hasher: inout Hasher) {
            text.hashScalars(into: &hasher)
            hasher.combine(style)
        }
    }

    /// A paragraph's pieces, each with what joins it to the one before; the
    /// paragraph set on one line; once it has had to break, the pieces'
    /// widths, whether a space joins them (kept apart, so deciding breaks
    /// touches numbers only) and where each piece's scalars end in the
    /// paragraph set whole; and the lines already made from them.
    private final class Paragraph {
        let pieces: [(separator: String, text: String)]
        let whole: WrappedText
        var ends: [Int] = []
        var widths: [Double] = []
        var spaced: [Bool] = []
        var spaceWidth = 0.0
        var wrapped: [[Int]: WrappedText] = [:]

        init(pieces: [(separator: String, text: String)], whole: WrappedText) {
            self.pieces = pieces
            self.whole = whole
        }

        /// Where pieces `range`, set as one line, sit among the scalars of
        /// the paragraph set whole.
        func scalars(of range: Range<Int>) -> Range<Int> {
            ends[range.lowerBound] - pieces[range.lowerBound].text.unicodeScalars.count..<ends[range.upperBound - 1]
        }

        var isMeasured: Bool { widths.count == pieces.count }
    }

    /// A breaker that measures pieces with `measurer`.
    public init(measurer: any TextMeasurer) {
        self.measurer = measurer
    }

    /// `text` in `style` as lines no wider than `width`, except a word that is wider alone.
    public func wrap(_ text: String, width: Double, style: TextStyle) -> WrappedText {
        let paragraph = self.paragraph(text, style: style)
        // Most paragraphs fit whole, so their pieces need no measuring.
        guard !paragraph.pieces.isEmpty, paragraph.whole.width > width else { return paragraph.whole }
        if !paragraph.isMeasured { measurePieces(of: paragraph, style: style) }
        // The pieces that start a line, decided from the measured widths alone.
        var starts = [0]
        let widths = paragraph.widths, spaced = paragraph.spaced, space = paragraph.spaceWidth
        var current = widths[0]
        for index in 1..<widths.count {
            let joined = current + (spaced[index] ? space : 0) + widths[index]
            if !exceeds(joined, width) {
                current = joined
            } else {
                starts.append(index)
                current = widths[index]
            }
        }
        if let known = paragraph.wrapped[starts] { return known }
        let ranges = zip(starts, starts.dropFirst() + [paragraph.pieces.count]).map { $0..<$1 }
        let lines = measurer.wrappedLines(ranges.map { Self.line(paragraph.pieces[$0]) }, at: ranges.map(paragraph.scalars(of:)),
                                          of: paragraph.whole.lines[0].text)
        let wrapped = made(lines, style: style)
        paragraph.wrapped[starts] = wrapped
        return wrapped
    }

    /// Pieces set on one line: each after its separator, but the first.
    private static func line(_ pieces: ArraySlice<(separator: String, text: String)>) -> String {
        pieces.enumerated().map { $0.offset == 0 ? $0.element.text : $0.element.separator + $0.element.text }.joined()
    }

    private func made(_ lines: [WrappedLine], style: TextStyle) -> WrappedText {
        WrappedText(lines: lines, metrics: lines.map { measurer.measure($0, style: style) })
    }

    private func paragraph(_ text: String, style: TextStyle) -> Paragraph {
        let key = ParagraphKey(text: text, style: style)
        if let known = paragraphs[key] { return known }
        let pieces = Self.breakablePieces(text)
        let whole = WrappedLine(pieces.isEmpty ? text : Self.line(pieces[...]))
        let paragraph = Paragraph(pieces: pieces, whole: made([whole], style: style))
        if paragraphs.count >= capacity { paragraphs.removeAll(keepingCapacity: true) }
        paragraphs[key] = paragraph
        return paragraph
    }

    private func measurePieces(of paragraph: Paragraph, style: TextStyle) {
        paragraph.spaceWidth = measurer.measure(" ", style: style).width
        paragraph.widths = paragraph.pieces.map { measurer.measure($0.text, style: style).width }
        paragraph.spaced = paragraph.pieces.map { !$0.separator.isEmpty }
        var end = 0
        paragraph.ends = paragraph.pieces.enumerated().map { index, piece in
            end += (index == 0 ? 0 : piece.separator.unicodeScalars.count) + piece.text.unicodeScalars.count
            return end
        }
    }

    /// Units that must stay together, each with what joins it to the one
    /// before. Walks grapheme clusters, so a space that carries a combining
    /// mark is part of its cluster and no place to break.
    static func breakablePieces(_ text: String) -> [(separator: String, text: String)] {
        var pieces: [(separator: String, text: String)] = []
        var word = ""
        var separator = ""
        func flush() {
            guard !word.isEmpty else { return }
            pieces.append((separator, word))
            word = ""
            separator = ""
        }
        for character in text {
            if character == " " {
                flush()
                separator = pieces.isEmpty ? "" : " "
            } else if isClosingPunctuation(character), word.isEmpty, !pieces.isEmpty {
                // CJK punctuation never starts a line: it stays with what it
                // follows, and so does a space between them.
                pieces[pieces.count - 1].text += separator + String(character)
                separator = ""
            } else if isIdeographic(character) {
                flush()
                pieces.append((separator, String(character)))
                separator = ""
            } else {
                word.append(character)
            }
        }
        flush()
        return pieces
    }

    static func isIdeographic(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first?.value, !isClosingPunctuation(character) else { return false }
        return (0x2E80...0x9FFF).contains(scalar) || (0xF900...0xFAFF).contains(scalar)
            || (0xFF00...0xFFEF).contains(scalar) || (0x20000...0x2FFFF).contains(scalar)
    }

    /// CJK and fullwidth punctuation that must not begin a line.
    static func isClosingPunctuation(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        let value = scalar.value
        let cjk = (0x3000...0x303F).contains(value) || (0xFF00...0xFF65).contains(value)
        return cjk && scalar.properties.generalCategory != .openPunctuation && !scalar.properties.isAlphabetic
            && !(0x3005...0x3007).contains(value)
    }
}

/// A paragraph broken into lines, with what the page needs to place it:
/// each line's measurements, made once for each set of breaks. Each line
/// keeps the levels its paragraph ordered it by.
public struct WrappedText: Sendable {
    public let lines: [WrappedLine]
    public let metrics: [TextMetrics]

    /// The widest line.
    public var width: Double { metrics.reduce(0) { max($0, $1.width) } }
    /// The tallest line's height; every line takes this much.
    public var lineHeight: Double { metrics.reduce(0) { max($0, $1.height) } }
}
