import RewrapPanelFile

/// The widget tree a screen reader walks: the application, its frame, and
/// everything the window shows, in reading order. It is derived from the
/// same scene, presented frames and popup as the trace, so the two agree.
///
///     let tree = AccessibleTree(application: "rewrap", title: "Rewrap", drawn: frame, focus: controller.focus, popup: nil)
///     tree[.node("shape")]?.name   // "Shape: Circle"
public struct AccessibleTree: Hashable, Sendable {
    public private(set) var nodes: [AccessibleKey: AccessibleNode] = [:]
    /// The panel's language (BCP 47, such as `ar`): the application's and
    /// every object's locale, so screen readers pick a voice for it.
    public var locale = ""

    public subscript(key: AccessibleKey) -> AccessibleNode? {
        nodes[key]
    }

    /// Every node, parents before children, in reading order.
    public var inOrder: [AccessibleNode] {
        var result: [AccessibleNode] = []
        var pending: [AccessibleKey] = [.application]
        while let key = pending.popLast() {
            guard let node = nodes[key] else { continue }
            result.append(node)
            pending += node.children.reversed()
        }
        return result
    }

    /// The node that holds the keyboard focus, if any.
    public var focused: AccessibleKey? {
        nodes.values.first { $0.states.contains(.focused) }?.key
    }

    public func index(of key: AccessibleKey) -> Int? {
        guard let parent = nodes[key]?.parent else { return nil }
        return nodes[parent]?.children.firstIndex(of: key)
    }

    /// Adds `node` as the last child of its parent.
    mutating func append(_ node: AccessibleNode) {
        if let parent = node.parent { nodes[parent]?.children.append(node.key) }
        nodes[node.key] = node
    }
}
