import RewrapScene

/// One node as a screen reader sees it: role, name, states, where it is
/// drawn, its children in reading order, its action and its text.
public struct AccessibleNode: Hashable, Sendable {
    public var key: AccessibleKey
    public var role: AccessibleRole
    public var name: String
    public var states: Set<AccessibleState>
    /// Pixels of `window`, exactly as drawn (the trace's frames).
    public var frame: PixelRect
    public var window: AccessibleWindow
    public var parent: AccessibleKey?
    public var children: [AccessibleKey] = []
    public var action: AccessibleAction?
    /// The text the Text interface reads, or nil when the node has none.
    public var text: String?
    /// The text as drawn, one line each, for line boundaries.
    public var lines: [String] = []
    /// The text reads from the right, so its characters are placed from there.
    public var rightToLeft = false
    /// Text drawn in bold, as headings are.
    public var isBold = false

    public init(key: AccessibleKey, role: AccessibleRole, name: String, states: Set<AccessibleState>, frame: PixelRect,
                window: AccessibleWindow = .main, parent: AccessibleKey?) {
        self.key = key
        self.role = role
        self.name = name
        self.states = states
        self.frame = frame
        self.window = window
        self.parent = parent
    }

    /// The frame on the screen, given where the main window's top-left corner is.
    public func screenFrame(mainWindowAt origin: (x: Int, y: Int)) -> PixelRect {
        var frame = frame
        switch window {
        case .main:
            frame.x += origin.x
            frame.y += origin.y
        case .popup(let x, let y):
            frame.x += x
            frame.y += y
        }
        return frame
    }
}
