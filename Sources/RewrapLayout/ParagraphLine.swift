/// One line of a paragraph: its text, and the paragraph and scalars it
/// was broken from. The Unicode bidi algorithm resolves levels over a whole
/// paragraph and only then orders each line, so a line is measured and drawn
/// with its paragraph around it; a label is a paragraph of one line.
///
///     ParagraphLine("Shape: Circle")                                  // the whole paragraph
///     ParagraphLine(paragraph: "Hello, world.", scalars: 0..<6).text  // "Hello,"
public struct ParagraphLine: Hashable, Sendable {
    public let paragraph: String
    /// Offsets into the paragraph's Unicode scalars.
    public let scalars: Range<Int>
    public let text: String

    public init(paragraph: String, scalars: Range<Int>) {
        self.paragraph = paragraph
        self.scalars = scalars
        let all = paragraph.unicodeScalars
        let start = all.index(all.startIndex, offsetBy: scalars.lowerBound)
        text = String(all[start..<all.index(start, offsetBy: scalars.count)])
    }

    public init(_ paragraph: String) {
        self.paragraph = paragraph
        scalars = 0..<paragraph.unicodeScalars.count
        text = paragraph
    }

    /// True when the line is the whole paragraph, and so needs no context.
    public var isWholeParagraph: Bool { scalars.count == paragraph.unicodeScalars.count }
}
