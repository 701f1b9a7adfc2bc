/// The desktop's interface font, as GTK names it: a family, optional style
/// words, then a size in points.
///
///     InterfaceFont(description: "Cantarell 11")?.pattern          // "Cantarell:size=11.0"
///     InterfaceFont(description: "Noto Sans Bold 10.5")?.family    // "Noto Sans"
///
/// Style words are dropped: the body is regular and headings bold, in the family.
public struct InterfaceFont: Hashable, Sendable {
    /// One or more families, comma-separated, as fontconfig takes them.
    public var family: String
    /// In points; 11 pt is 14.67 px at 96 dpi.
    public var points: Double

    /// Nil for a description with no family or with a size no screen uses
    /// (nothing, zero, NaN, over 200 points).
    public init?(description: String) {
        var words = description.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let last = words.last, let size = Double(last), (1...200).contains(size) else { return nil }
        words.removeLast()
        // Style words follow the family, so they are read from the end.
        while let word = words.last?.lowercased(), words.count > 1, Self.styles.contains(word) {
            words.removeLast()
        }
        let family = words.joined(separator: " ").trimmingCharacters(in: ", ")
        guard !family.isEmpty, !family.unicodeScalars.contains(where: { $0.value < 0x20 }) else { return nil }
        self.family = family
        points = size
    }

    /// Pango's style, weight and stretch words.
    private static let styles: Set<String> = [
        "bold", "semi-bold", "semibold", "demi-bold", "extra-bold", "heavy", "italic", "oblique", "regular", "normal",
        "book", "medium", "light", "thin", "condensed", "expanded", "semi-condensed", "semi-expanded", "small-caps",
    ]

    /// The fontconfig pattern for this font, its special characters escaped
    /// so that a family cannot add properties of its own.
    public var pattern: String {
        var escaped = ""
        for character in family {
            if "\\-:=".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped + ":size=\(points)"
    }
}

private extension String {
    func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
