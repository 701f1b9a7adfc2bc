import RewrapLayout

/// Stacks sections top to bottom, `spacing` apart, and tracks how far right
/// any of them reaches, since a long label widens the content.
struct PageColumn {
    let left: Double
    let spacing: Double
    private(set) var y: Double
    private(set) var right: Double
    private(set) var nodes: [SceneNode] = []

    /// `capacity`: the nodes expected, so appending them grows the list once.
    init(left: Double, top: Double, width: Double, spacing: Double, capacity: Int = 0) {
        self.left = left
        self.spacing = spacing
        y = top
        right = left + width
        nodes.reserveCapacity(capacity)
    }

    var origin: Point { Point(x: left, y: y) }

    mutating func append(_ node: SceneNode) {
        append([node], size: node.frame.size)
    }

    /// An empty section takes no room, not even its spacing.
    mutating func append(_ section: [SceneNode], size: Size) {
        guard !section.isEmpty else { return }
        nodes += section
        right = max(right, left + size.width)
        y += size.height + spacing
    }

    func contentSize(padding: Double) -> Size {
        Size(width: right + padding, height: y - spacing + padding)
    }
}
