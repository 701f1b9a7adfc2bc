import RewrapPanelFile

/// One row of a popup menu. Its id is `owner/option`, as the trace reports it.
public struct PopupEntry: Hashable, Sendable {
    public var id: NodeID
    public var text: String
    /// The dropdown's current option carries a mark.
    public var isSelected: Bool

    /// A row with its id and text, checked when `isSelected`.
    public init(id: NodeID, text: String, isSelected: Bool) {
        self.id = id
        self.text = text
        self.isSelected = isSelected
    }
}
