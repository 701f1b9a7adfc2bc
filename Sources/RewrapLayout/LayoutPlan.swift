/// The result of planning: a size and the frames relative to the plan's origin.
public protocol LayoutPlan: Equatable {
    /// The size the layout reports to its parent.
    var size: Size { get }
    /// Each placed item's frame, relative to the plan's own top-left corner.
    var frames: [Rect] { get }
}

extension LayoutPlan {
    /// Frames placed in `bounds`: the bounds' origin is added to each planned origin.
    public func frames(in bounds: Rect) -> [Rect] {
        frames.map { $0.offsetBy(dx: bounds.minX, dy: bounds.minY) }
    }
}
