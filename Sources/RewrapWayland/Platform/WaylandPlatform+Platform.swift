import CWayland
import RewrapLayout
import RewrapPlatform
import RewrapScene
#if canImport(Glibc)
import Glibc
#endif

/// The Wayland platform as the app sees it.
extension WaylandPlatform: Platform {
    public func pendingEvents() -> [PlatformEvent] {
        if case let .lost(line)? = failure, !beginReconnecting(after: line) { return [.connectionLost(line)] }
        if let failure = failure?.line ?? decorationFailure.map({ "rewrap: libdecor: \($0)" }) { return [.connectionLost(failure)] }
        if reconnection != nil {
            if let line = tryReconnecting() { return [.connectionLost(line)] }
            defer { events.removeAll(keepingCapacity: true) }
            return events
        }
        check(wl_display_dispatch_pending(connection.display))
        if let held = seat?.keys?.dueRepeat(at: Self.monotonicNow()), input?.holdsKeyboard == true {
            events.append(.keyPressed(held.key, held.stroke))
        }
        if let portal, portal.pump() {
            portal.values.apply(to: &settings)
            events.append(.settingsChanged)
        }
        // The desktop's cursor theme or size changed: the pointer takes the new one at once.
        if let seat, let old = seat.cursor, !old.follows(settings) {
            seat.cursor = Cursor(globals: connection.required, scale: old.scale, settings: settings)
            showCursor()
        }
        defer { events.removeAll(keepingCapacity: true) }
        return events
    }

    /// Reads the compositor's events as libwayland asks (prepare, poll,
    /// read), sleeping until they come, one of `descriptors` is readable,
    /// a held key repeats, or `deadline` passes.
    @discardableResult
    public func wait(until deadline: Double?, alsoWatching descriptors: [Int32]) -> [Int32] {
        if reconnection != nil { return waitForCompositor(until: deadline, alsoWatching: descriptors) }
        // Events already read, or a failure to report, wait only for the next pass.
        var busy = !events.isEmpty || failure != nil
        let display = connection.display
        while !busy && wl_display_prepare_read(display) != 0 {
            check(wl_display_dispatch_pending(display))
            busy = !events.isEmpty || failure != nil
        }
        // EPIPE: the compositor closed the connection, perhaps after an
        // error event still unread in the socket, so reading goes on to
        // learn which; the read reports it, or the end if there was none.
        if !busy && wl_display_flush(display) < 0 && errno != EAGAIN && errno != EPIPE {
            wl_display_cancel_read(display)
            check(-1)
            return []
        }
        // A held key's repeat and the portal's answers are the platform's
        // own: they come out of `pendingEvents` as key presses and new settings.
        let repeats = seat?.keys?.repeatDeadline
        let wake = deadline.map { min($0, repeats ?? $0) } ?? repeats
        let socket = wl_display_get_fd(display)
        poller.begin()
        poller.watch(socket)
        if let portal { poller.watch(portal.descriptor) }
        poller.watch(contentsOf: descriptors)
        let woken = poller.wait(until: wake, sleeping: !busy)
        if !busy {
            if woken && poller.isReady(socket) {
                check(wl_display_read_events(display))
            } else {
                wl_display_cancel_read(display)
            }
        }
        return woken ? poller.ready(among: descriptors) : []
    }

    /// Not while the window waits for a compositor to open on.
    public var isReadyForFrame: Bool { window.map { $0.frameCallback == nil } ?? false }

    /// While no compositor is there: the app's own descriptors, and the
    /// next try at the socket.
    private func waitForCompositor(until deadline: Double?, alsoWatching descriptors: [Int32]) -> [Int32] {
        let retry = Self.monotonicNow() + Reconnection.interval
        poller.begin()
        poller.watch(contentsOf: descriptors)
        guard poller.wait(until: min(deadline ?? retry, retry), sleeping: events.isEmpty) else { return [] }
        return poller.ready(among: descriptors)
    }

    /// Nil: the session bus's `org.a11y.Bus` names it.
    public var accessibilityBusAddress: String? { nil }

    /// Wayland keeps where windows are to the compositor.
    public var windowOrigin: Point? { nil }

    public func flush() {
        wl_display_flush(connection.display)
    }

    /// The toplevel's title, and the one a window opened again after a lost compositor gets.
    public func setTitle(_ title: String) {
        if let opening {
            opening.request.title = title
            opening.shell.setTitle(title)
        }
        if let window {
            window.request.title = title
            window.shell.setTitle(title)
        }
        if case .reconnecting(var kept) = phase {
            kept.request.title = title
            phase = .reconnecting(kept)
        }
        flush()
    }
}
