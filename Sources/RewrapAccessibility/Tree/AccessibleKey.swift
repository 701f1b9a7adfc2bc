import RewrapPanelFile

/// A node's identity in the accessible tree. Scene nodes keep their panel
/// ids; the few nodes the scene has no id for are named here.
public enum AccessibleKey: Hashable, Sendable {
    case application
    case frame
    /// The chip row: a list of the visible chips.
    case chipList
    /// The open popup of a dropdown or the badge.
    case menu(of: NodeID)
    /// A scene node or a row of the open menu (`owner/option`).
    case node(NodeID)
}
