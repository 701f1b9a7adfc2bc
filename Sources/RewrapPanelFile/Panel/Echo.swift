/// Makes text from a panel file safe to repeat in a one-line error message.
public enum Echo {
    /// Long enough to recognise a value, short enough to keep the line short.
    static let limit = 40

    /// `"Square"`: quoted, with quotes and backslashes escaped, anything
    /// invisible or line-breaking escaped as `\n` or `\u00XX`, and cut to
    /// 40 scalars with a trailing `…` so a huge value cannot flood the terminal.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for (count, scalar) in text.unicodeScalars.enumerated() {
            if count == limit {
                out += "…"
                break
            }
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default: out += escaped(scalar)
            }
        }
        return out + "\""
    }

    /// The text with only the dangerous scalars escaped: no quotes, no cut.
    /// Used on whole messages, whose file names and arguments can hold anything.
    public static func oneLine(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            out += escaped(scalar)
        }
        return out
    }

    /// `U+000A`, the way Unicode names a code point.
    public static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// C0, DEL, C1 and the Unicode line and paragraph separators: control
    /// characters end or garble a terminal line, the separators break it in
    /// some viewers, and a label is one line.
    static func isControlOrSeparator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Bidirectional embeddings, overrides and isolates would also reorder the line.
    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        isControlOrSeparator(scalar) || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    private static func escaped(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": "\\n"
        case "\r": "\\r"
        case "\t": "\\t"
        case _ where isUnsafe(scalar): "\\u" + codePoint(scalar).dropFirst(2)
        default: String(scalar)
        }
    }
}
