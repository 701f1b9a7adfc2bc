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
/// when a move ends.
final class AccessibilityLink {
    private let platform: any Platform
    /// The program's words, for the names and descriptions of the tree.
    private let words: Words
    private var bridge: ATSPIBridge?
    /// When to look for the bus; nil before the first frame and once looked,
    /// until a new bus is named.
    private var lookup: Double?
    private var looked = false
    /// Inputs were handled since the last publish.
    private var changed = false
    /// Something was published mid-move; its bounds go out when it settles.
    private var awaitingSettle = false

    init(platform: any Platform, words: Words) {
        self.platform = platform
        self.words = words
    }

    func frameDrawn(at now: Double) {
        guard !looked, lookup == nil else { return }
        lookup = now + 0.1
    }

    /// Whether a screen reader kept `stroke` for itself. Only with a bus
    /// and a listener is the registry asked; its answer is waited for at
    /// most 1 s, a bound long enough for a loaded machine's Orca.
    func consumes(_ stroke: KeyStroke) -> Bool {
        guard let bridge, bridge.isConnected else { return false }
        return bridge.consumes(stroke, by: BusDeadline(seconds: 1))
    }

    func inputHandled() {
        changed = true
    }

    /// Looks again at once, unless the first look is still to come or the
    /// window is on a bus that still answers.
    func busNamed() {
        guard looked, bridge?.isConnected != true else { return }
        lookup = 0
    }

    /// True while the window is on a bus.
    var isJoined: Bool { bridge?.isConnected == true }

    /// Once per pass of the loop, after drawing: joins the bus when it is
    /// time, and announces what `window` shows at a settled moment. True
    /// when it joined just now.
    @discardableResult
    func passEnded(window: ShownWindow) -> Bool {
        let animating = window.stage.isAnimating
        let tree = { [words] in window.accessibleTree(words: words) }
        var joined = false
        if let due = lookup, window.now >= due {
            lookup = nil
            looked = true
            // A bus that accepts and never answers costs the window this second, once.
            let deadline = BusDeadline(seconds: 1)
            var address = platform.accessibilityBusAddress ?? AccessibilityBus.addressFromSessionBus(by: deadline)
            if let named = address, !AccessibilityBus.isLocalSocket(named) {
                writeLine("rewrap: not joining the accessibility bus: its address is not a local socket")
                address = nil
            }
            bridge = address.flatMap {
                ATSPIBridge(address: $0, tree: tree(), mainWindowOrigin: { [unowned platform] in
                    // Where the platform knows no position, extents are relative to the window.
                    platform.windowOrigin.map { (Int($0.x), Int($0.y)) } ?? (0, 0)
                }, by: deadline)
            }
            joined = isJoined
        }
        guard let bridge, bridge.isConnected, changed || (awaitingSettle && !animating) else { return joined }
        bridge.publish(tree(), settled: !animating)
        changed = false
        awaitingSettle = animating
        return joined
    }
}

extension AccessibilityLink: LoopSource {
    /// The bus's descriptor; none without a bus.
    var descriptors: [Int32] { bridge?.descriptor.map { [$0] } ?? [] }

    /// When the loop must come back although nothing is readable: to look
    /// for the bus, or to retry writing what did not fit in the socket.
    func deadline(now: Double, frameReady: Bool) -> Double? {
        [lookup, bridge?.retryInterval.map { now + $0 }].compactMap { $0 }.min()
    }

    /// Answers clients when the bus's descriptor is readable or writes
    /// wait; returns the inputs their actions asked for.
    func inputs(readable: [Int32], window: ShownWindow) -> [Input] {
        guard let bridge, bridge.retryInterval != nil || readable.contains(where: descriptors.contains) else { return [] }
        return bridge.pump(tree: { [words] in window.accessibleTree(words: words) })
    }
}
