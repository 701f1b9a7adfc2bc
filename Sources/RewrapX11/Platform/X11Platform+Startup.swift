import CX11

/// The end of start-up: the launcher told the window is up, and what the first
/// frame does not need set up after it, so that no reply delays the first frame.
extension X11Platform {
    /// Once the first frame has been presented: sets up smooth scrolling,
    /// the input method (a named server's now, Xlib's local one at the first
    /// key), reads monitors, refresh rates and the work area, whose replies
    /// the first frame did not wait for, and draws and publishes the icon;
    /// the window is then open. Does nothing in any other phase, so the
    /// loop calls it before each sleep.
    public func finishStartup() {
        guard case .presented(let window) = phase else { return }
        // The first frame goes to the server now, not at the first reply
        // waited for below, which it does not need.
        connection.flush()
        let finished = FinishedStartup(pointerDevices: PointerDevices(connection: connection, windows: [window.id]),
                                       inputMethod: InputMethod(connection: connection, window: window.id),
                                       randr: listenToRandR())
        phase = .open(window, finished)
        // A held key's repeats then come as presses alone, told apart by the key being down.
        var detectable: Int32 = 0
        autoRepeat = AutoRepeat(detectable: XkbSetDetectableAutoRepeat(connection.display, 1, &detectable) != 0 && detectable != 0)
        watchDesktop(window, randr: finished.randr)
        followCursorSettings()
        // Window managers and taskbars read the icon when it changes, too.
        if let icon = window.icon {
            setCardinals("_NET_WM_ICON", WMIcon.pack(pixels: icon.draw(icon.size), size: icon.size), on: window.id)
            connection.flush()
        }
    }

    /// Sends "remove" for the launcher's startup sequence: the first piece as
    /// `_NET_STARTUP_INFO_BEGIN`, the rest as `_NET_STARTUP_INFO`, to the root
    /// window where launchers listen.
    func completeLaunch(of window: MappedWindow) {
        guard let launch = window.launch else { return }
        window.launch = nil
        for (index, piece) in StartupNotification.pieces(of: launch.removeMessage).enumerated() {
            var event = XEvent()
            event.xclient.type = ClientMessage
            event.xclient.window = window.id
            event.xclient.message_type = connection.atom(index == 0 ? "_NET_STARTUP_INFO_BEGIN" : "_NET_STARTUP_INFO")
            event.xclient.format = 8
            withUnsafeMutableBytes(of: &event.xclient.data.b) { bytes in
                for (offset, byte) in piece.enumerated() { bytes[offset] = byte }
            }
            XSendEvent(connection.display, connection.root, 0, PropertyChangeMask, &event)
        }
        connection.flush()
    }
}
