/// One chip in the chip row. Two chips may share a title; the id tells
/// them apart, and both count towards the badge.
public struct ChipSpec: Hashable, Sendable {
    /// Unique across dropdowns and chips; the trace keys on it.
    public var id: NodeID
    public var title: String

    /// A chip with its id and the title it shows.
    public init(id: NodeID, title: String) {
        self.id = id
        self.title = title
    }
}
