/// One line of a wrapped paragraph. The Unicode bidi algorithm resolves
/// levels over a whole paragraph and only then orders each line, so a line
/// carries the levels its paragraph gave its scalars, when those can differ
/// from what the line would resolve alone.
///
///     WrappedLine("Shape: Circle")              // orders the same alone
///     WrappedLine("Hello,", levels: [2, 2, 2, 2, 2, 2])
public struct WrappedLine: Hashable, Sendable {
    public let text: String
    /// One per Unicode scalar of `text`; nil when the line orders the same alone.
    public let levels: [UInt8]?

    /// A line of `text`, with the levels its paragraph gave each scalar, or nil to order it alone.
    public init(_ text: String, levels: [UInt8]? = nil) {
        self.text = text
        self.levels = levels
    }
}
