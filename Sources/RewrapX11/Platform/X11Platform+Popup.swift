import CX11
import RewrapLayout
import RewrapPlatform
import RewrapScene
#if canImport(Glibc)
import Glibc
#endif

/// The popup window: override-redirect, grabbing the pointer so a click
/// outside reaches it, and forgotten quietly if someone else destroys it.
extension X11Platform {
    /// Places the popup just below its anchor, inside the work area of the
    /// monitor that holds the anchor, and opens it there.
    public func openPopup(_ request: PopupRequest) -> PopupPlacement? {
        let placement = place(request)
        openPopup(frame: PixelRect(placement.frame))
        return placement
    }

    /// Moves the open popup as its anchor moves, keeping its grab.
    public func repositionPopup(_ request: PopupRequest) -> PopupPlacement? {
        guard let popup else { return nil }
        let placement = place(request)
        let frame = PixelRect(placement.frame)
        XMoveResizeWindow(connection.display, popup.window, Int32(frame.x), Int32(frame.y), UInt32(max(1, frame.width)),
                          UInt32(max(1, frame.height)))
        popup.buffer.resize(width: frame.width, height: frame.height)
        connection.flush()
        return placement
    }

    private func place(_ request: PopupRequest) -> PopupPlacement {
        let origin = mainWindowOrigin
        let anchor = request.anchor.rect.offsetBy(dx: Double(origin.x), dy: Double(origin.y))
        return request.plan.placement(below: anchor, gap: request.gap, area: desktop.popupArea(for: anchor), alignedTo: request.edge)
    }

    /// Opens an override-redirect window at `frame` (root coordinates) and
    /// grabs pointer and keyboard so a click outside can close it. Another
    /// client's grab is retried briefly; then the popup stays open ungrabbed.
    private func openPopup(frame: PixelRect) {
        closePopup()
        guard let main = window else { return }
        let display = connection.display
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.save_under = 1
        attributes.background_pixmap = UInt(None)
        attributes.event_mask = Int(ExposureMask | StructureNotifyMask | KeyPressMask | KeyReleaseMask | ButtonPressMask
                                    | ButtonReleaseMask | PointerMotionMask | LeaveWindowMask)
        let window = XCreateWindow(display, connection.root, Int32(frame.x), Int32(frame.y),
                                   UInt32(max(1, frame.width)), UInt32(max(1, frame.height)), 0, connection.depth,
                                   UInt32(InputOutput), connection.visual,
                                   UInt(CWOverrideRedirect | CWSaveUnder | CWBackPixmap | CWEventMask), &attributes)
        setTransient(window, for: main.id)
        if pointerCursor != 0 { XDefineCursor(display, window, pointerCursor) }
        let buffer = BackBuffer(connection: connection, text: main.buffer.engine, glyphs: glyphSets, window: window, width: frame.width,
                                height: frame.height)
        popup = (window, buffer)
        XMapRaised(display, window)
        connection.sync()
        if !grab(window) {
            writeLine("rewrap: another client holds the pointer; the menu opened without a grab")
        }
    }

    private func setTransient(_ window: Window, for main: Window) {
        XSetTransientForHint(connection.display, window, main)
        let type = [connection.atom("_NET_WM_WINDOW_TYPE_DROPDOWN_MENU")]
        type.withUnsafeBytes {
            _ = XChangeProperty(connection.display, window, connection.atom("_NET_WM_WINDOW_TYPE"), XA_ATOM, 32,
                                PropModeReplace, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
        }
    }

    private func grab(_ window: Window) -> Bool {
        let display = connection.display
        let mask = UInt32(ButtonPressMask | ButtonReleaseMask | PointerMotionMask | LeaveWindowMask)
        for attempt in 0..<20 {
            if attempt > 0 { usleep(10_000) }
            let pointer = phase.finished?.pointerDevices?.grabWithTouches(window) == true ? GrabSuccess
                : XGrabPointer(display, window, 0, mask, GrabModeAsync, GrabModeAsync, UInt(None), UInt(None), UInt(CurrentTime))
            guard pointer == GrabSuccess else { continue }
            if XGrabKeyboard(display, window, 1, GrabModeAsync, GrabModeAsync, UInt(CurrentTime)) != GrabSuccess {
                // Keys then reach the main window as usual; the pointer grab is what closing needs.
                writeLine("rewrap: could not grab the keyboard for the menu")
            }
            return true
        }
        return false
    }

    public func closePopup() {
        guard let popup else { return }
        self.popup = nil
        phase.finished?.pointerDevices?.ungrab()
        XUngrabPointer(connection.display, UInt(CurrentTime))
        XUngrabKeyboard(connection.display, UInt(CurrentTime))
        XDestroyWindow(connection.display, popup.window)
        connection.flush()
    }

    /// Forgets a popup whose window someone else destroyed, without touching it.
    func forgetPopup() {
        guard popup != nil else { return }
        popup = nil
        phase.finished?.pointerDevices?.ungrab()
        XUngrabPointer(connection.display, UInt(CurrentTime))
        XUngrabKeyboard(connection.display, UInt(CurrentTime))
    }
}
