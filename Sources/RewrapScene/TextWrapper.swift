import RewrapLayout

/// Breaks text into lines so that each line fits a width: at spaces, and
/// between CJK characters, which need no space to break.
///
///     TextWrapper.lines("Choose a longer option", width: 100, style: .body, measurer: xft)
///
/// A word wider than the width keeps a line to itself rather than being cut,
/// as a label is never partly shown. Widths add up piece by piece, which
/// holds for Xft, whose advances have no kerning across pieces.
public enum TextWrapper {
    public static func lines(_ text: String, width: Double, style: TextStyle, measurer: any TextMeasurer) -> [String] {
        let pieces = breakablePieces(text)
        guard !pieces.isEmpty else { return [text] }
        let space = measurer.measure(" ", style: style).width
        var lines: [String] = []
        var current = ""
        var currentWidth = 0.0
        for piece in pieces {
            let pieceWidth = measurer.measure(piece.text, style: style).width
            let joined = currentWidth + (piece.separator.isEmpty ? 0 : space) + pieceWidth
            if current.isEmpty {
                current = piece.text
                currentWidth = pieceWidth
            } else if joined <= width {
                current += piece.separator + piece.text
                currentWidth = joined
            } else {
                lines.append(current)
                current = piece.text
                currentWidth = pieceWidth
            }
        }
        lines.append(current)
        return lines
    }

    /// Units that must stay together, each with what joins it to the one before.
    static func breakablePieces(_ text: String) -> [(separator: String, text: String)] {
        // Without CJK, pieces are simply the words; splitting bytes is much
        // cheaper than walking grapheme clusters on every reflow.
        if !text.unicodeScalars.contains(where: { $0.value >= 0x2E80 }) {
            return text.utf8.split(separator: UInt8(ascii: " ")).enumerated().map {
                ($0.offset == 0 ? "" : " ", String(decoding: $0.element, as: UTF8.self))
            }
        }
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
