import RewrapLayout
import RewrapPanelFile

/// One drawn frame, as a line of the `--trace` file (SPEC §6).
public struct TraceRecord {
    public struct Node {
        public var id: NodeID
        public var kind: NodeKind
        public var text: String
        public var frame: PixelRect
        public var target: PixelRect
        public var focused: Bool
        /// The focus ring is drawn around it.
        public var ring: Bool

        public init(id: NodeID, kind: NodeKind, text: String, frame: PixelRect, target: PixelRect, focused: Bool, ring: Bool = false) {
            self.id = id
            self.kind = kind
            self.text = text
            self.frame = frame
            self.target = target
            self.focused = focused
            self.ring = ring
        }
    }

    public struct Popup {
        public var menu: PopupMenu
        /// Root coordinates.
        public var frame: PixelRect
        /// Popup coordinates, one per entry; nil for rows a menu cut to fit
        /// the screen has scrolled out of view.
        public var rows: [PixelRect?]

        public init(menu: PopupMenu, frame: PixelRect, rows: [PixelRect?]) {
            self.menu = menu
            self.frame = frame
            self.rows = rows
        }
    }

    public var frame: Int
    public var time: Double
    public var window: Size
    public var animating: Bool
    public var scroll: Point
    public var nodes: [Node]
    public var popup: Popup?

    public init(frame: Int, time: Double, window: Size, animating: Bool, scroll: Point, nodes: [Node], popup: Popup?) {
        self.frame = frame
        self.time = time
        self.window = window
        self.animating = animating
        self.scroll = scroll
        self.nodes = nodes
        self.popup = popup
    }

    /// The frame the painter drew, with every node it placed: `focus` is the
    /// node that takes the keys, ring or not; the ring is where the painter
    /// drew it. Targets are scrolled as the presented frames are, so both are
    /// window pixels.
    public init(frame: Int, time: Double, animating: Bool, drawn: Painter.Frame, focus: NodeID?, popup: Popup?) {
        let nodes = zip(drawn.scene.nodes, drawn.presented).compactMap { node, shown -> Node? in
            guard let shown else { return nil }
            let target = PixelRect(node.frame.offsetBy(dx: -drawn.scroll.x, dy: -drawn.scroll.y))
            return Node(id: node.id, kind: node.kind, text: node.text, frame: shown, target: target, focused: focus == node.id,
                        ring: drawn.focus == node.id)
        }
        self.init(frame: frame, time: time, window: drawn.viewport, animating: animating, scroll: drawn.scroll,
                  nodes: nodes, popup: popup)
    }

    /// The record as one line of JSON, without the newline.
    public var json: String {
        typealias J = JSONWriter
        let nodeTexts = nodes.map { node -> String in
            var members = [("id", J.string(node.id.rawValue)), ("kind", J.string(node.kind.rawValue)), ("text", J.string(node.text)),
                           ("frame", Self.box(node.frame)), ("target", Self.box(node.target))]
            if node.focused { members.append(("focused", "true")) }
            if node.ring { members.append(("ring", "true")) }
            return J.object(members)
        }
        let popupText = popup.map { popup -> String in
            // Only rows in view are listed; "hidden" counts those scrolled out above and below.
            let shown = zip(popup.menu.entries.indices, popup.rows).compactMap { index, row in row.map { (index, $0) } }
            let entries = shown.map { index, row -> String in
                let entry = popup.menu.entries[index]
                var members = [("id", J.string(entry.id.rawValue)), ("kind", J.string(NodeKind.option.rawValue)),
                               ("text", J.string(entry.text)), ("selected", entry.isSelected ? "true" : "false"),
                               ("frame", Self.box(row))]
                if popup.menu.highlighted == index { members.append(("highlighted", "true")) }
                return J.object(members)
            }
            let above = shown.first?.0 ?? 0
            let below = popup.menu.entries.count - (shown.last.map { $0.0 + 1 } ?? 0)
            return J.object([("owner", J.string(popup.menu.owner.rawValue)), ("frame", Self.box(popup.frame)),
                             ("nodes", "[" + entries.joined(separator: ", ") + "]"),
                             ("hidden", J.array([Double(above), Double(below)]))])
        } ?? "null"
        // Microseconds, so frame cadence can be read from the trace.
        let seconds = (time * 1_000_000).rounded() / 1_000_000
        return J.object([
            ("frame", String(frame)), ("time", J.number(seconds)),
            ("window", J.array([window.width, window.height])), ("animating", animating ? "true" : "false"),
            ("scroll", J.array([scroll.x, scroll.y])), ("nodes", "[" + nodeTexts.joined(separator: ", ") + "]"),
            ("popup", popupText),
        ])
    }

    private static func box(_ rect: PixelRect) -> String {
        "[\(rect.x), \(rect.y), \(rect.width), \(rect.height)]"
    }
}
