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
        append(CollectionOfOne(node), size: node.frame.size)
    }

    /// An empty section takes no room, not even its spacing. Any collection,
    /// so that a lazily mapped section is built straight into the column.
    mutating func append<Section: Collection<SceneNode>>(_ section: Section, size: Size) {
        guard !section.isEmpty else { return }
        nodes.append(contentsOf: section)
        right = max(right, left + size.width)
        y += size.height + spacing
    }

    func contentSize(padding: Double) -> Size {
        Size(width: right + padding, height: y - spacing + padding)
    }
}
