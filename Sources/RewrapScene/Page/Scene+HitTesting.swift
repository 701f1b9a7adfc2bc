import RewrapLayout
import RewrapPanelFile

extension Scene {
    /// The interactive node under `point`, by where nodes are shown now
    /// rather than where they are headed; the topmost wins.
    public func interactiveNode(at point: Point, presented: (NodeID) -> PixelRect?) -> NodeID? {
        interactiveNodes.reversed().first { presented($0.id)?.rect.contains(point) == true }?.id
    }
}
