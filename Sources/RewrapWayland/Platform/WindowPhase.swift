/// Where the platform's main window is in its life, with what each phase
/// owns: nothing before `openWindow` (or after a compositor that never came
/// back), the surface and shell until the first configure, the whole
/// window, or what it keeps while the compositor is gone.
enum WindowPhase {
    case windowless
    case opening(OpeningWindow)
    case open(ConfiguredWindow)
    case reconnecting(Reconnection)

    var opening: OpeningWindow? {
        if case let .opening(opening) = self { return opening }
        return nil
    }

    var window: ConfiguredWindow? {
        if case let .open(window) = self { return window }
        return nil
    }

    var reconnection: Reconnection? {
        if case let .reconnecting(kept) = self { return kept }
        return nil
    }
}

extension WaylandPlatform {
    /// The window, once the compositor has configured it.
    var window: ConfiguredWindow? { phase.window }
    /// The window being made, from `openWindow` until its first configure.
    var opening: OpeningWindow? { phase.opening }
    /// Set while the compositor is gone and another is waited for.
    var reconnection: Reconnection? { phase.reconnection }

    /// What the seat's events mean to the window, opening or open; nil
    /// before `openWindow`, and while the compositor is gone.
    var input: SeatInput? {
        get { opening?.input ?? window?.input }
        set {
            guard let newValue else { return }
            if let opening { opening.input = newValue } else if let window { window.input = newValue }
        }
    }
}
