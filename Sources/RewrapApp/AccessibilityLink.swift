import RewrapAccessibility
import RewrapBus
import RewrapPlatform
import RewrapScene

/// The window on the accessibility bus, when there is one. The bus is looked
/// for 0.1 s after the first frame, so joining it never competes with that
/// frame; with no bus that costs one property read (and, with a session bus,
/// one call to it) and nothing after, until the root window names a bus: one
/// that starts late, or comes back after going away, is joined then.
/// Events go out at settled moments only: after inputs are handled, and
/// when a move ends. As one of the loop's sources it hears every key first
/// (a screen reader may keep one), the window's focus, and every effect.
final class AccessibilityLink {
    private let platform: any Platform
    /// The program's words, for the names and descriptions of the tree.
    private let words: Words
    private var bridge: ATSPIBridge?
    /// When the bus is looked for.
    private enum Lookup {
        /// Once the first frame is out.
        case afterFirstFrame
        case due(at: Double)
        /// Looked; again only when a new bus is named.
        case done
    }
    private var lookup = Lookup.afterFirstFrame
    /// Inputs were handled since the last publish.
    private var changed = false
    /// Something was published mid-move; its bounds go out when it settles.
    private var awaitingSettle = false

    init(platform: any Platform, words: Words) {
        self.platform = platform
        self.words = words
    }

    /// Whether a screen reader kept `stroke` for itself. Only with a bus
    /// and a listener is the registry asked; its answer is waited for at
    /// most 1 s, a bound long enough for a loaded machine's Orca.
    private func consumes(_ stroke: KeyStroke) -> Bool {
        guard let bridge, bridge.isConnected else { return false }
        return bridge.consumes(stroke, by: BusDeadline(seconds: 1))
    }

    /// True while the window is on a bus.
    private var isJoined: Bool { bridge?.isConnected == true }

    /// Looks for the bus, and joins it when one is named; true when it joined.
    private func join(_ window: ShownWindow) -> Bool {
        lookup = .done
        // A bus that accepts and never answers costs the window this second, once.
        let deadline = BusDeadline(seconds: 1)
        var address = platform.accessibilityBusAddress ?? AccessibilityBus.addressFromSessionBus(by: deadline)
        if let named = address, !AccessibilityBus.isLocalSocket(named) {
            writeLine("rewrap: not joining the accessibility bus: its address is not a local socket")
            address = nil
        }
        bridge = address.flatMap { [words] in
            ATSPIBridge(address: $0, tree: window.accessibleTree(words: words), mainWindowOrigin: { [unowned platform] in
                // Where the platform knows no position, extents are relative to the window.
                platform.windowOrigin.map { (Int($0.x), Int($0.y)) } ?? (0, 0)
            }, by: deadline)
        }
        return isJoined
    }
}

extension AccessibilityLink: LoopSource {
    /// The bus's descriptor; none without a bus.
    func watch(_ descriptors: inout [Int32]) {
        if let descriptor = bridge?.descriptor { descriptors.append(descriptor) }
    }

    /// When the loop must come back although nothing is readable: to look
    /// for the bus, or to retry writing what did not fit in the socket.
    func deadline(now: Double, frameReady: Bool) -> Double? {
        let retry = bridge?.retryInterval.map { now + $0 }
        guard case .due(let time) = lookup else { return retry }
        return min(time, retry ?? time)
    }

    /// A screen reader sees every key first, and may keep it for itself; a
    /// window activated with one listening focuses its first control, so
    /// there is something to announce; a bus named anew is looked for at once.
    func hear(_ event: PlatformEvent, in window: ShownWindow) -> Heard {
        switch event {
        case .keyPressed(_, let stroke):
            return consumes(stroke) ? .kept() : .passed
        case .keyReleased(let stroke):
            _ = consumes(stroke)
            return .kept()
        case .focusChanged(true) where isJoined:
            return Heard(inputs: [.focusFirstControl])
        case .accessibilityBusNamed:
            // Unless the first look is still to come, or the window is on a bus that still answers.
            if case .done = lookup, !isJoined { lookup = .due(at: 0) }
            return .kept()
        default:
            return .passed
        }
    }

    /// Joins the bus when it is time, and answers clients when the bus's
    /// descriptor is readable or writes wait; returns the inputs their
    /// actions asked for. A screen reader found just now gets the first
    /// control focused, as on activation.
    func inputs(readable: [Int32], window: ShownWindow) -> [Input] {
        if case .due(let time) = lookup, window.now >= time, join(window) { return [.focusFirstControl] }
        guard let bridge, bridge.retryInterval != nil || bridge.descriptor.map(readable.contains) == true else { return [] }
        return bridge.pump(tree: { [words] in window.accessibleTree(words: words) })
    }

    /// Whatever the controller changed is published once the pass has drawn it.
    func carryOut(_ effect: Effect, in window: ShownWindow) -> [Input] {
        changed = true
        return []
    }

    /// After the first frame, the bus is looked for; at a settled moment,
    /// what the window shows is announced.
    func passEnded(window: ShownWindow, frameDrawn: Double?) {
        if case .afterFirstFrame = lookup, let frameDrawn { lookup = .due(at: frameDrawn + 0.1) }
        let animating = window.isAnimating
        guard let bridge, bridge.isConnected, changed || (awaitingSettle && !animating) else { return }
        bridge.publish(window.accessibleTree(words: words), settled: !animating)
        changed = false
        awaitingSettle = animating
    }
}
