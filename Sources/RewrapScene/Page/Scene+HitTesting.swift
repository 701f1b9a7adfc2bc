import RewrapLayout
import RewrapPanelFile

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
