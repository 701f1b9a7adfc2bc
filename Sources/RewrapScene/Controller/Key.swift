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

extension Key {
    /// Whether holding the key goes on doing what it does: moving the focus,
    /// the highlight, the scroll or typing. A key that opens, picks or
    /// closes does it once per press, so a key held when a menu opens never
    /// picks in it (rules §8.7).
    public var repeats: Bool {
        switch self {
        case .tab, .backTab, .up, .down, .home, .end, .pageUp, .pageDown, .left, .right, .character: true
        case .returnKey, .space, .escape, .openMenu, .closeMenu, .quit, .closeWindow, .inspector, .reload: false
        }
    }
}
