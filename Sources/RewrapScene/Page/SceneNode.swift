import RewrapLayout
import RewrapPanelFile

/// One thing the window shows, with its identity and its planned frame in
/// content coordinates (before scrolling).
public struct SceneNode: Hashable, Sendable {
    public var id: NodeID
    public var kind: NodeKind
    /// The whole text, as the trace reports it.
    public var text: String
    /// The text as drawn: wrapped lines for headings and footers, one line otherwise.
    public var lines: [String]
    public var style: TextStyle
    /// The target frame: where the plan puts this node.
    public var frame: Rect

    public init(id: NodeID, kind: NodeKind, text: String, lines: [String], style: TextStyle, frame: Rect) {
        self.id = id
        self.kind = kind
        self.text = text
        self.lines = lines
        self.style = style
        self.frame = frame
    }
}
