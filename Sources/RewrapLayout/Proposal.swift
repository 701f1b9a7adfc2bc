/// The space a parent offers a layout, after SwiftUI's `ProposedViewSize`.
///
///     Proposal(width: 300)      // wrap at 300
///     Proposal(width: .infinity) // one row: nothing limits the width
///     Proposal.unspecified      // ask for the ideal size
///
/// `nil` means *unspecified*, which is not the same as zero or infinity:
/// zero asks for the narrowest layout, infinity for the widest, and
/// unspecified for the layout's own ideal.
public struct Proposal: Hashable, Sendable {
    public var width: Double?
    public var height: Double?

    /// A proposal of `width`, and `height` when given; nil leaves either unspecified.
    public init(width: Double?, height: Double? = nil) {
        self.width = width
        self.height = height
    }

    public static let unspecified = Proposal(width: nil, height: nil)
    public static let zero = Proposal(width: 0, height: 0)
    public static let infinity = Proposal(width: .infinity, height: .infinity)

    /// The finite width to wrap at, clamped to zero, or `nil` when the
    /// proposal is unspecified or infinite and so imposes no limit.
    public var widthLimit: Double? {
        guard let width, width.isFinite else { return nil }
        return Swift.max(0, width)
    }
}
