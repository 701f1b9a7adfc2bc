import RewrapScene

/// An X event, translated once into the few cases the app cares about.
public enum ToolkitEvent: Equatable, Sendable {
    case exposed(WindowRole)
    /// The main window's new size.
    case configured(width: Int, height: Int)
    case pointerMoved(WindowRole, x: Int, y: Int)
    case pointerLeft(WindowRole)
    /// A primary-button press. `x`, `y` are relative to the window the event
    /// arrived at; while the popup grabs the pointer, a click outside it still
    /// arrives at the popup.
    case pressed(WindowRole, x: Int, y: Int)
    /// Pixels to scroll, positive down and right: from a touchpad's XInput 2.1
    /// valuators, or a wheel click's step (buttons 4/5 vertically, or sideways
    /// with Shift; buttons 6/7 sideways).
    case scrolled(WindowRole, dx: Int, dy: Int)
    /// A key went down: the app's `Key` when it answers to it, and the key
    /// as sent, for a screen reader to see (and perhaps consume) first.
    case keyPressed(Key?, KeyStroke)
    /// A key came up; only a screen reader cares.
    case keyReleased(KeyStroke)
    /// The main window gained (true) or lost the keyboard focus.
    case focusChanged(Bool)
    case closeRequested
    /// The popup's window was destroyed from outside the program.
    case popupDestroyed
    /// The desktop's XSETTINGS changed.
    case settingsChanged
    /// The root window names an accessibility bus anew: one started late,
    /// or came back after going away.
    case accessibilityBusNamed
}
