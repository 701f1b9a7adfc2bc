/// What the app must do after the controller handled an input.
public struct Effects: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// A label changed: lay out again and animate what moved.
    public static let selectionChanged = Effects(rawValue: 1 << 0)
    public static let openPopup = Effects(rawValue: 1 << 1)
    public static let closePopup = Effects(rawValue: 1 << 2)
    /// The popup's highlight changed.
    public static let redrawPopup = Effects(rawValue: 1 << 3)
    /// Focus, hover or the inspector changed.
    public static let redraw = Effects(rawValue: 1 << 4)
}
