import RewrapAccessibility
import RewrapScene
import RewrapX11

/// The window on the accessibility bus, when there is one. It is looked for
/// once, after the first frame, so start-up never waits for it; with no bus
/// it costs one property read and nothing after. Events go out at settled
/// moments only: after inputs are handled, and when a move ends.
final class AccessibilityLink {
    private let bridge: ATSPIBridge
    private let tree: () -> AccessibleTree
    /// Inputs were handled since the last publish.
    private var changed = false
    /// Something was published mid-move; its bounds go out when it settles.
    private var awaitingSettle = false

    /// The bus's address from the root window, else from the session bus;
    /// nil when there is neither, or it cannot be reached.
    init?(toolkit: Toolkit, tree: @escaping () -> AccessibleTree) {
        guard let address = toolkit.accessibilityBusAddress ?? AccessibilityBus.addressFromSessionBus(),
              let bridge = ATSPIBridge(address: address, name: "rewrap", tree: tree,
                                       mainWindowOrigin: { [unowned toolkit] in toolkit.mainWindowOrigin }) else { return nil }
        self.bridge = bridge
        self.tree = tree
    }

    /// The descriptor for the loop's poll; none once the bus has gone.
    var descriptors: [Int32] { bridge.descriptor.map { [$0] } ?? [] }

    /// How soon the loop must call `pump` although nothing is readable.
    var retryInterval: Double? { bridge.retryInterval }

    /// Answers clients; returns the inputs their actions asked for.
    func pump() -> [Input] {
        bridge.pump()
    }

    func inputHandled() {
        changed = true
    }

    /// Called once per pass of the loop, after drawing.
    func passEnded(animating: Bool) {
        guard bridge.isConnected, changed || (awaitingSettle && !animating) else { return }
        bridge.publish(tree(), settled: !animating)
        changed = false
        awaitingSettle = animating
    }
}
