import RewrapLayout

/// Breaks text into lines so that each line fits a width: at spaces, and
/// between CJK characters, which need no space to break.
///
///     TextWrapper.lines("Choose a longer option", width: 100, style: .body, measurer: xft)
///
/// A word wider than the width keeps a line to itself rather than being cut,
/// as a label is never partly shown.
public enum TextWrapper {
    public static func lines(_ text: String, width: Double, style: TextStyle, measurer: any TextMeasurer) -> [String] {
        let pieces = breakablePieces(text)
        guard !pieces.isEmpty else { return [text] }
        var lines: [String] = []
        var current = ""
        for piece in pieces {
            let candidate = current.isEmpty ? piece.text : current + piece.separator + piece.text
            if current.isEmpty || measurer.measure(candidate, style: style).width <= width {
                current = candidate
            } else {
                lines.append(current)
                current = piece.text
            }
        }
        lines.append(current)
        return lines
    }

    /// Units that must stay together, each with what joins it to the one before.
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
