/// Something a screen reader must hear about, found by comparing two trees.
public enum AccessibleEvent: Hashable, Sendable {
    /// The keyboard focus moved to this node.
    case focus(AccessibleKey)
    /// The window got (true) or lost the desktop's focus.
    case windowActivated(AccessibleKey, Bool)
    case stateChanged(AccessibleKey, AccessibleState, Bool)
    case nameChanged(AccessibleKey, String)
    /// `child` was added to `parent` at `index`.
    case childAdded(parent: AccessibleKey, index: Int, child: AccessibleKey)
    /// `child` left `parent`, where it had been at `index`.
    case childRemoved(parent: AccessibleKey, index: Int, child: AccessibleKey)
    /// The node settled at a new place.
    case boundsChanged(AccessibleKey)
}
