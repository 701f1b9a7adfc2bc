import RewrapLayout

/// One drawn frame, as a line of the `--trace` file (SPEC §6).
public struct TraceRecord {
    public struct Node {
        public var id: String
        public var kind: String
        public var text: String
        public var frame: PixelRect
        public var target: PixelRect
        public var focused: Bool

        public init(id: String, kind: String, text: String, frame: PixelRect, target: PixelRect, focused: Bool) {
            self.id = id
            self.kind = kind
            self.text = text
            self.frame = frame
            self.target = target
            self.focused = focused
        }
    }

    public struct Popup {
        public var owner: String
        /// Root coordinates.
        public var frame: PixelRect
        public var entries: [PopupEntry]
        /// Popup coordinates, one per entry.
        public var rows: [PixelRect]

        public init(owner: String, frame: PixelRect, entries: [PopupEntry], rows: [PixelRect]) {
            self.owner = owner
            self.frame = frame
            self.entries = entries
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

    /// The record as one line of JSON, without the newline.
    public var json: String {
        typealias J = JSONWriter
        let nodeTexts = nodes.map { node -> String in
            var members = [("id", J.string(node.id)), ("kind", J.string(node.kind)), ("text", J.string(node.text)),
                           ("frame", Self.box(node.frame)), ("target", Self.box(node.target))]
            if node.focused { members.append(("focused", "true")) }
            return J.object(members)
        }
        let popupText = popup.map { popup -> String in
            let entries = zip(popup.entries, popup.rows).map { entry, row in
                J.object([("id", J.string(entry.id)), ("kind", J.string("option")), ("text", J.string(entry.text)),
                          ("selected", entry.isSelected ? "true" : "false"), ("frame", Self.box(row))])
            }
            return J.object([("owner", J.string(popup.owner)), ("frame", Self.box(popup.frame)),
                             ("nodes", "[" + entries.joined(separator: ", ") + "]")])
        } ?? "null"
        let seconds = (time * 1000).rounded() / 1000
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
