/// The keys the demo answers to, after the platform has read the keysym.
public enum Key: Hashable, Sendable {
    case tab, backTab
    case returnKey, space, escape
    case up, down, home, end
    /// Page Up/Down scroll a page, Left/Right a step.
    case pageUp, pageDown, left, right
    /// Alt+Down opens the focused dropdown's menu, and Alt+Up closes an
    /// open one with nothing picked, as in GTK 3 and Chromium.
    case openMenu, closeMenu
    /// Ctrl+Q and Ctrl+W: the desktop's quit and close-window shortcuts.
    case quit, closeWindow
    case inspector
    /// F5: read the panel file again, watched or not.
    case reload
    case character(Character)
}
