/// What a person did to one panel's window that outlives the process: the
/// options they picked, the size they gave the window and whether they
/// maximised it (rules §12). Nothing here is a default: a dropdown without a
/// pick shows the panel's `selected`, and a window without a size opens at
/// the platform's default.
///
///     var state = KeptState()
///     state.picks["shape"] = "Rounded rectangle"
///     state.size = KeptState.WindowSize(width: 700, height: 500)
///     let bytes = state.encoded(panelFile: "/usr/share/rewrap/panel.json")
public struct KeptState: Equatable, Sendable {
    /// The format this program writes, and the newest it reads.
    public static let version = 1

    /// The option picked for each dropdown, by id.
    public var picks: [NodeID: String] = [:]
    /// In logical pixels (window pixels divided by the scale), so a size
    /// means the same at any scale; nil until the person resizes.
    public var size: WindowSize?
    public var maximized = false

    /// The window's size the person left it at, in logical pixels.
    public struct WindowSize: Equatable, Sendable {
        public var width: Double
        public var height: Double

        /// Logical pixels, as `--geometry` bounds window pixels.
        public static let sides = 1.0...16384.0

        /// A size of `width` × `height` logical pixels.
        public init(width: Double, height: Double) {
            self.width = width
            self.height = height
        }
    }

    /// Nothing kept: the panel's defaults.
    public init() {}

    /// The state as the file holds it, compact JSON on one line:
    ///
    ///     {"version": 1, "panel": "/usr/share/rewrap/panel.json", "picks": {"shape": "Rounded rectangle"},
    ///      "size": [700, 500], "maximized": false}
    ///
    /// `panelFile` says whose state it is, for a person reading the folder;
    /// picks are written in id order, so the same state is the same bytes.
    public func encoded(panelFile: String) -> [UInt8] {
        var json = JSONWriter()
        json.beginObject()
        json.member("version", Self.version)
        json.member("panel", panelFile)
        json.key("picks")
        json.beginObject()
        for (id, option) in picks.sorted(by: { $0.key < $1.key }) { json.member(id.rawValue, option) }
        json.endObject()
        json.key("size")
        if let size {
            json.beginArray()
            json.number(size.width)
            json.number(size.height)
            json.endArray()
        } else {
            json.null()
        }
        json.member("maximized", maximized)
        json.endObject()
        return Array((json.text + "\n").utf8)
    }
}
