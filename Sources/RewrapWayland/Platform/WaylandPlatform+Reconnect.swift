import CWayland
import CWaylandProtocols
import RewrapPlatform
#if canImport(Glibc)
import Glibc
#endif

/// What the window keeps while its compositor is gone: enough to open it
/// again, as it was, on the next compositor to answer on the same socket.
struct Reconnection {
    /// When to give up.
    let deadline: Double
    /// Why the connection was lost, for the line said on giving up.
    let loss: String
    /// Its frames, with the text engine, new with a new scale while it waits.
    let buffer: ShmSurface
    /// Pixels a wheel click scrolls, for what input means to the window opened again.
    var scrollStep: Double
    var request: WindowRequest
    let scale: SurfaceScale
    /// The size it had, or returns to when maximised.
    let logicalSize: LogicalSize
    /// How long to wait between two tries.
    static let interval = 0.1
    /// How long to keep trying, as KWin's wrapper takes about a second to start the next kwin.
    static let patience = 5.0
}

/// A compositor that goes away (a crash, KWin's wrapper restarting it) is
/// waited for on the same socket, by the same process: the app keeps its
/// controller, stage and accessibility tree, and the window opens again with
/// the same picks, size, scroll and theme. Only a lost connection is
/// retried; a protocol error is the program's own, and ends it at once.
extension WaylandPlatform {
    /// Lets go of everything that belonged to the lost connection, in an
    /// order the display still accepts, and starts waiting for a compositor.
    /// False when there is no window to keep, and so nothing to wait for.
    func beginReconnecting(after loss: String) -> Bool {
        guard let window else { return false }
        if popup != nil {
            // As Qt does: a menu does not come back.
            closePopup()
            events.append(.popupDismissed)
        }
        var request = window.request
        request.maximized = window.isMaximized
        // It opens again at the size it had, not the one first asked for.
        request.width = nil
        request.height = nil
        let focused = window.input.reportedFocus
        phase = .reconnecting(Reconnection(deadline: Self.monotonicNow() + Reconnection.patience, loss: loss,
                                           buffer: window.buffer, scrollStep: window.input.scrollStep,
                                           request: request, scale: window.scale,
                                           logicalSize: window.isMaximized ? window.restoredSize ?? window.logicalSize : window.logicalSize))
        window.buffer.letGo()
        seat = nil
        if focused { events.append(.focusChanged(false)) }
        failure = nil
        return true
    }

    /// One try at the socket; the window opens again once the new
    /// compositor configures it. Returns the line to end with once the
    /// time is up.
    func tryReconnecting() -> String? {
        guard let kept = reconnection else { return nil }
        let next: WaylandConnection
        do {
            next = try WaylandConnection(name: socketName)
        } catch {
            guard Self.monotonicNow() < kept.deadline else {
                phase = .windowless
                return "\(kept.loss); no compositor answered on \(socketName ?? WaylandConnection.defaultName) within "
                    + "\(Int(Reconnection.patience)) s"
            }
            return nil
        }
        connection = next
        phase = .windowless
        listen(to: next)
        do {
            kept.buffer.move(to: next.required.shm)
            try beginOpening(kept.request, buffer: kept.buffer, scrollStep: kept.scrollStep, scale: kept.scale,
                             size: kept.logicalSize, isReopening: true)
        } catch {
            return error.message
        }
        return nil
    }
}
