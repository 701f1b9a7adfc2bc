/// What the flow layout needs to know about one control: its ideal size and,
/// optionally, the spacing it prefers to its neighbours.
public struct FlowItem: Hashable, Sendable {
    public var size: Size
    /// The gap this item asks for on each side; `nil` defers to the layout.
    public var preferredSpacing: Double?

    /// An item of ideal size `size`, asking for `preferredSpacing` when given.
    public init(size: Size, preferredSpacing: Double? = nil) {
        self.size = size
        self.preferredSpacing = preferredSpacing
    }

    /// An item `width` by `height`, asking for `preferredSpacing` when given.
    public init(width: Double, height: Double, preferredSpacing: Double? = nil) {
        self.init(size: Size(width: width, height: height), preferredSpacing: preferredSpacing)
    }
}
