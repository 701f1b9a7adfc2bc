/// What the user did, in the controller's terms. The toolkit hit-tests
/// against presented frames, so inputs name nodes and rows, not pixels.
public enum Input: Hashable, Sendable {
    case pointerMoved(over: String?)
    case pointerLeft
    /// A primary-button press in the main window, on a node or on nothing.
    case pointerPressed(on: String?)
    case popupPointerMoved(row: Int?)
    /// A press while the popup holds the pointer grab: on a row, or outside (nil).
    case popupPointerPressed(row: Int?)
    case key(Key)
    /// The popup's window went away from outside the program.
    case popupLost
    /// The layout moved under an open popup (a resize): close it, changing nothing.
    case dismissPopup
}
