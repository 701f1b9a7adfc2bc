import RewrapLayout
import RewrapPanelFile

/// Everything one layout pass decided: the nodes with their target frames, the
/// size of the scrollable content, and the two plans behind them, kept so the
/// inspector can show the decisions instead of re-deriving them.
public struct Scene: Equatable, Sendable {
    public var nodes: [SceneNode]
    /// The content's full size; wider than the viewport when a label is.
    public var contentSize: Size
    /// The width that headings wrap to and the panel was proposed.
    public var proposedWidth: Double
    public var panelItems: [FlowItem]
    public var panelPlan: FlowPlan
    public var panelOrigin: Point
    public var chipItems: ChipRowItems
    public var chipPlan: ChipRowPlan
    public var chipOrigin: Point
    /// Node frames are already placed for it; the plans and their origins
    /// above stay in reading order, and `placed(_:)` turns them around.
    public var direction: LayoutDirection

    /// A scene as `PageLayout.scene(for:viewportWidth:)` makes it; tests build scenes with it.
    public init(nodes: [SceneNode], contentSize: Size, proposedWidth: Double, panelItems: [FlowItem], panelPlan: FlowPlan,
                panelOrigin: Point, chipItems: ChipRowItems, chipPlan: ChipRowPlan, chipOrigin: Point,
                direction: LayoutDirection = .leftToRight) {
        self.nodes = nodes
        self.contentSize = contentSize
        self.proposedWidth = proposedWidth
        self.panelItems = panelItems
        self.panelPlan = panelPlan
        self.panelOrigin = panelOrigin
        self.chipItems = chipItems
        self.chipPlan = chipPlan
        self.chipOrigin = chipOrigin
        self.direction = direction
    }

    /// A rectangle in reading-order content coordinates, as the window shows
    /// it: mirrored across the content when the page reads right to left.
    public func placed(_ rect: Rect) -> Rect {
        direction.placed(rect, within: contentSize.width)
    }

    /// The node with this id, if the scene shows it.
    public func node(_ id: NodeID) -> SceneNode? {
        nodes.first { $0.id == id }
    }

    /// The ids of the nodes that take focus, in Tab order: dropdowns in
    /// panel order, then the badge if shown.
    public var interactiveIDs: [NodeID] {
        nodes.compactMap { $0.kind.isInteractive ? $0.id : nil }
    }

    /// Each node's frame by id; the first node wins should two share an id.
    public var targets: [NodeID: Rect] {
        var targets = [NodeID: Rect](minimumCapacity: nodes.count)
        // Backwards, so that the first node's frame is the one written last;
        // by index, so that no node is copied whole.
        for index in nodes.indices.reversed() { targets[nodes[index].id] = nodes[index].frame }
        return targets
    }
}

extension Scene {
    /// The interactive node under `point`, by where nodes are shown now
    /// rather than where they are headed; the topmost wins. `presented` is
    /// handed each node itself, so that at rest its frame needs no lookup.
    public func interactiveNode(at point: Point, presented: (SceneNode) -> PixelRect?) -> NodeID? {
        for index in nodes.indices.reversed() where nodes[index].kind.isInteractive {
            if presented(nodes[index])?.rect.contains(point) == true { return nodes[index].id }
        }
        return nil
    }
}
