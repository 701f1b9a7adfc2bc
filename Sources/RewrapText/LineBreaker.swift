import RewrapLayout

/// The break stage: splits a paragraph into lines that fit a width, at
/// spaces and between CJK characters, and never inside a cluster. A word
/// wider than the width keeps a line to itself rather than being cut, as a
/// label is never partly shown.
///
///     let breaker = LineBreaker(measurer: engine)
///     breaker.lines("Choose a longer option", width: 100, style: .body)
///
/// What a new width cannot change is kept: each paragraph's pieces are
/// measured once, and the lines for each set of breaks are remembered, so
/// a resize to a width already seen measures and shapes nothing.
public final class LineBreaker {
    private let measurer: any TextMeasurer
    private var paragraphs: [ParagraphKey: Paragraph] = [:]
    /// Headings and footers are few; a full cache means something unusual.
    private let capacity = 512

    private struct ParagraphKey: Hashable {
        var text: String
        var style: TextStyle
    }

    /// A paragraph's pieces, each with what joins it to the one before and
    /// its width, and the lines already made from them.
    private final class Paragraph {
        var pieces: [(separator: String, text: String, width: Double)] = []
        var spaceWidth = 0.0
        var lines: [[Int]: [String]] = [:]
    }

    public init(measurer: any TextMeasurer) {
        self.measurer = measurer
    }

    public func lines(_ text: String, width: Double, style: TextStyle) -> [String] {
        let paragraph = self.paragraph(text, style: style)
        guard !paragraph.pieces.isEmpty else { return [text] }
        // The pieces that start a line, decided from the measured widths alone.
        var starts = [0]
        var current = paragraph.pieces[0].width
        for index in paragraph.pieces.indices.dropFirst() {
            let piece = paragraph.pieces[index]
            let joined = current + (piece.separator.isEmpty ? 0 : paragraph.spaceWidth) + piece.width
            if joined <= width {
                current = joined
            } else {
                starts.append(index)
                current = piece.width
            }
        }
        if let known = paragraph.lines[starts] { return known }
        let ends = starts.dropFirst() + [paragraph.pieces.count]
        let made = zip(starts, ends).map { start, end in
            paragraph.pieces[start..<end].enumerated().map { $0.offset == 0 ? $0.element.text : $0.element.separator + $0.element.text }
                .joined()
        }
        paragraph.lines[starts] = made
        return made
    }

    private func paragraph(_ text: String, style: TextStyle) -> Paragraph {
        let key = ParagraphKey(text: text, style: style)
        if let known = paragraphs[key] { return known }
        let paragraph = Paragraph()
        paragraph.spaceWidth = measurer.measure(" ", style: style).width
        paragraph.pieces = Self.breakablePieces(text).map { ($0.separator, $0.text, measurer.measure($0.text, style: style).width) }
        if paragraphs.count >= capacity { paragraphs.removeAll(keepingCapacity: true) }
        paragraphs[key] = paragraph
        return paragraph
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
                // CJK punctuation never starts a line: it stays with what it follows.
                pieces[pieces.count - 1].text.append(character)
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
