/// One dropdown as the panel file describes it. The loader guarantees a
/// non-empty `options` without duplicates, and that `selected` is one of them.
public struct DropdownSpec: Hashable, Sendable {
    /// Unique across dropdowns and chips; the trace and selections key on it.
    public var id: NodeID
    public var title: String
    public var options: [String]
    /// The option chosen when the window opens.
    public var selected: String

    /// A dropdown with its id, title, options and the option selected at start.
    public init(id: NodeID, title: String, options: [String], selected: String) {
        self.id = id
        self.title = title
        self.options = options
        self.selected = selected
    }
}
