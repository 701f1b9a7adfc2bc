import RewrapLayout
import RewrapPanelFile

/// One drawn frame, as a line of the `--trace` file (rules §6.2).
public struct TraceRecord {
    /// One node as the trace lists it.
    public struct NodeRecord {
        public var id: NodeID
        public var kind: NodeKind
        public var text: String
        public var frame: PixelRect
        public var target: PixelRect
        public var focused: Bool
        /// The focus ring is drawn around it.
        public var ring: Bool

        /// A node with its presented `frame` and planned `target`, in window pixels.
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

    /// The open popup as the trace lists it.
    public struct PopupRecord {
        public var menu: PopupMenu
        /// Root coordinates.
        public var frame: PixelRect
        /// Popup coordinates, one per entry; nil for rows a menu cut to fit
        /// the screen has scrolled out of view.
        public var rows: [PixelRect?]

        /// The popup showing `menu` at `frame`, with a frame for each row in view.
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
    public var nodes: [NodeRecord]
    public var popup: PopupRecord?

    /// A record of every field the trace writes.
    public init(frame: Int, time: Double, window: Size, animating: Bool, scroll: Point, nodes: [NodeRecord], popup: PopupRecord?) {
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
    public init(frame: Int, time: Double, animating: Bool, drawn: Painter.Frame, focus: NodeID?, popup: PopupRecord?) {
        let nodes = zip(drawn.scene.nodes, drawn.presented).compactMap { node, shown -> NodeRecord? in
            guard let shown else { return nil }
            let target = PixelRect(node.frame.offsetBy(dx: -drawn.scroll.x, dy: -drawn.scroll.y))
            return NodeRecord(id: node.id, kind: node.kind, text: node.text, frame: shown, target: target, focused: focus == node.id,
                        ring: drawn.focus == node.id)
        }
        self.init(frame: frame, time: time, window: drawn.viewport, animating: animating, scroll: drawn.scroll,
                  nodes: nodes, popup: popup)
    }

    /// The record as one line of JSON, without the newline.
    public var json: String {
        var json = JSONWriter(capacity: 128 + 160 * (nodes.count + (popup?.rows.count ?? 0)))
        json.beginObject()
        json.member("frame", frame)
        // Microseconds, so frame cadence can be read from the trace.
        json.member("time", (time * 1_000_000).rounded() / 1_000_000)
        json.key("window")
        json.beginArray()
        json.number(window.width)
        json.number(window.height)
        json.endArray()
        json.member("animating", animating)
        json.key("scroll")
        json.beginArray()
        json.number(scroll.x)
        json.number(scroll.y)
        json.endArray()
        json.key("nodes")
        json.beginArray()
        for node in nodes {
            json.beginObject()
            json.member("id", node.id.rawValue)
            json.member("kind", node.kind.rawValue)
            json.member("text", node.text)
            json.key("frame")
            Self.box(node.frame, to: &json)
            json.key("target")
            Self.box(node.target, to: &json)
            if node.focused { json.member("focused", true) }
            if node.ring { json.member("ring", true) }
            json.endObject()
        }
        json.endArray()
        json.key("popup")
        if let popup { Self.popup(popup, to: &json) } else { json.null() }
        json.endObject()
        return json.text
    }

    private static func popup(_ popup: PopupRecord, to json: inout JSONWriter) {
        json.beginObject()
        json.member("owner", popup.menu.owner.rawValue)
        json.key("frame")
        box(popup.frame, to: &json)
        // Only rows in view are listed; "hidden" counts those scrolled out above and below.
        let shown = zip(popup.menu.entries.indices, popup.rows).compactMap { index, row in row.map { (index, $0) } }
        json.key("nodes")
        json.beginArray()
        for (index, row) in shown {
            let entry = popup.menu.entries[index]
            json.beginObject()
            json.member("id", entry.id.rawValue)
            json.member("kind", NodeKind.option.rawValue)
            json.member("text", entry.text)
            json.member("selected", entry.isSelected)
            json.key("frame")
            box(row, to: &json)
            if popup.menu.highlighted == index { json.member("highlighted", true) }
            json.endObject()
        }
        json.endArray()
        let above = shown.first?.0 ?? 0
        let below = popup.menu.entries.count - (shown.last.map { $0.0 + 1 } ?? 0)
        json.key("hidden")
        json.beginArray()
        json.number(above)
        json.number(below)
        json.endArray()
        json.endObject()
    }

    private static func box(_ rect: PixelRect, to json: inout JSONWriter) {
        json.beginArray()
        json.number(rect.x)
        json.number(rect.y)
        json.number(rect.width)
        json.number(rect.height)
        json.endArray()
    }
}
