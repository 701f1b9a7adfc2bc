/// An X event, translated once into the few cases the app cares about.
public enum ToolkitEvent: Equatable, Sendable {
    case exposed(WindowRole)
    /// The main window's new size and its position on the root window.
    case configured(width: Int, height: Int)
    case pointerMoved(WindowRole, x: Int, y: Int)
    case pointerLeft(WindowRole)
    /// `x`, `y` are relative to the window the event arrived at; while the
    /// popup grabs the pointer, a click outside it still arrives at the popup.
    case buttonPressed(WindowRole, x: Int, y: Int, button: Int, shift: Bool)
    case keyPressed(keysym: UInt, text: String, shift: Bool)
    case closeRequested
    /// The popup's window was destroyed, by us or from outside.
    case popupDestroyed
    /// The desktop's XSETTINGS changed.
    case settingsChanged
}
