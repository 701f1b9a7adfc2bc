import RewrapLayout
import RewrapPanelFile

/// One thing the window shows, with its identity and its planned frame in
/// content coordinates (before scrolling).
public struct SceneNode: Hashable, Sendable {
    public var id: NodeID
    public var kind: NodeKind
    /// The whole text, as the trace reports it.
    public var text: String
    /// Wrapped lines, or nil when the text is one line: most nodes are, and
    /// a resize then builds no array for each of them.
    private var wrapped: [WrappedLine]?
    public var style: TextStyle
    /// The target frame: where the plan puts this node.
    public var frame: Rect

    /// A node of text wrapped into `lines`.
    public init(id: NodeID, kind: NodeKind, text: String, lines: [WrappedLine], style: TextStyle, frame: Rect) {
        self.init(id: id, kind: kind, text: text, style: style, frame: frame)
        // One line that is the whole text is stored as none, so equal nodes compare equal.
        wrapped = lines.count == 1 && lines[0].text == text ? nil : lines
    }

    /// A node whose text is drawn on one line.
    public init(id: NodeID, kind: NodeKind, text: String, style: TextStyle, frame: Rect) {
        self.id = id
        self.kind = kind
        self.text = text
        self.style = style
        self.frame = frame
    }

    /// The text as drawn: wrapped lines for headings and footers, one line otherwise.
    public var lines: [String] {
        wrapped?.map(\.text) ?? [text]
    }

    /// The same lines with the levels their paragraph ordered them by.
    public var wrappedLines: [WrappedLine] {
        wrapped ?? [WrappedLine(text)]
    }
}
