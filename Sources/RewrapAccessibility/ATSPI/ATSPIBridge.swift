import CDBus
import RewrapBus
import RewrapPanelFile
import RewrapScene

/// Publishes an accessible tree on an AT-SPI2 bus: answers what clients ask,
/// announces changes as events, and turns actions into controller inputs.
/// It knows nothing of layout; the tree and the window's place come from
/// the app. It runs on the app's thread: its one descriptor joins the
/// app's poll, and `pump` does the work when it is readable.
///
///     guard let bridge = ATSPIBridge(address: busAddress, tree: tree(), mainWindowOrigin: origin, by: deadline) else { ... }
///     poll(..., bridge.descriptor, ...); for input in bridge.pump(tree: tree) { send(input) }
///     bridge.publish(tree(), settled: !animating)
public final class ATSPIBridge {
    let library: DBusLibrary
    private(set) var connection: OpaquePointer?
    /// The descriptor to poll for reading, or nil once the bus is gone.
    public private(set) var descriptor: Int32?
    let uniqueName: String
    let mainWindowOrigin: () -> (x: Int, y: Int)
    var objects = ATSPIObjects()
    /// The application id the registry may set.
    var applicationID: Int32 = 0
    /// Who listens for keys on the registry: while no one does, keys are not sent.
    var keystrokeListeners: Set<ATSPIReference> = []
    /// Set when the registry let a key wait out its deadline.
    var registryQuietUntil: BusDeadline?
    /// Inputs asked for by actions, handed to the app after the pump.
    var requests: [Input] = []
    /// What clients are answered from during a pump; nil outside one.
    private var answering: Answering?
    private var published: AccessibleTree
    private var settled: AccessibleTree
    /// Set while messages wait for room in the socket: a bus that has not
    /// read them by then is let go, so the window neither wakes every 10 ms
    /// for good nor queues without end.
    private var drainBy: BusDeadline?

    /// Connects to the accessibility bus at `address` by `deadline` and
    /// embeds the application, whose tree is `tree` now, in the registry's
    /// desktop; nil when that fails.
    public init?(address: String, tree: AccessibleTree, mainWindowOrigin: @escaping () -> (x: Int, y: Int),
                 by deadline: BusDeadline) {
        guard let library = DBusLibrary.shared, let connection = library.connect(to: address, by: deadline) else { return nil }
        let api = library.api
        var fd: Int32 = -1
        guard api.dbus_connection_get_unix_fd(connection, &fd) != 0, let unique = api.dbus_bus_get_unique_name(connection) else {
            library.close(connection)
            return nil
        }
        self.library = library
        self.connection = connection
        descriptor = fd
        uniqueName = String(cString: unique)
        self.mainWindowOrigin = mainWindowOrigin
        published = tree
        settled = tree
        let filter: DBusHandleMessageFunction = { _, message, bridge in
            guard let message, let bridge else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
            let owner = Unmanaged<ATSPIBridge>.fromOpaque(bridge).takeUnretainedValue()
            let handled = owner.noteListenerSignal(message) || owner.handle(message)
            return handled ? DBUS_HANDLER_RESULT_HANDLED : DBUS_HANDLER_RESULT_NOT_YET_HANDLED
        }
        _ = api.dbus_connection_add_filter(connection, filter, Unmanaged.passUnretained(self).toOpaque(), nil)
        embed()
        watchKeystrokeListeners(by: deadline)
        // Joined late, the window says now that it is the active one, as it would on activation.
        if tree[.frame]?.states.contains(.active) == true {
            send(.stateChanged(.frame, .active, true), in: tree, origin: (0, 0))
            send(.windowActivated(.frame, true), in: tree, origin: (0, 0))
        }
    }

    /// A bridge with no bus, answering from `tree`: what it sends is only
    /// counted, so tests and fuzzing can hand it messages made from bytes.
    init(library: DBusLibrary, uniqueName: String, tree: AccessibleTree) {
        self.library = library
        self.uniqueName = uniqueName
        mainWindowOrigin = { (0, 0) }
        published = tree
        settled = tree
    }

    deinit {
        disconnect()
    }

    /// True while the bus is there.
    public var isConnected: Bool { connection != nil }

    /// How soon to pump again although nothing is readable: only while
    /// replies or events wait for room in the socket.
    public var retryInterval: Double? {
        guard let connection else { return nil }
        // Read, or asked for by actions, while a key waited for the registry's answer.
        if !requests.isEmpty || library.api.dbus_connection_get_dispatch_status(connection) == DBUS_DISPATCH_DATA_REMAINS { return 0 }
        return library.api.dbus_connection_has_messages_to_send(connection) != 0 ? 0.01 : nil
    }

    /// Reads and answers whatever clients sent, from `tree`, without
    /// blocking. Returns the inputs actions asked for. A bus that went away
    /// is let go silently.
    public func pump(tree: @escaping () -> AccessibleTree) -> [Input] {
        guard let connection else { return [] }
        let api = library.api
        answering = Answering(build: tree)
        defer { answering = nil }
        // Read once, then dispatch everything read: a message left queued
        // would wait for the next readable byte. Replies are written as
        // they are sent; what does not fit waits for `retryInterval`.
        if api.dbus_connection_read_write(connection, 0) != 0 {
            while api.dbus_connection_dispatch(connection) == DBUS_DISPATCH_DATA_REMAINS {}
        }
        if api.dbus_connection_has_messages_to_send(connection) == 0 {
            drainBy = nil
        } else if drainBy == nil {
            drainBy = BusDeadline(seconds: 2)
        }
        if api.dbus_connection_get_is_connected(connection) == 0 || drainBy?.remaining == 0 { disconnect() }
        defer { requests = [] }
        return requests
    }

    /// Announces what changed since the last publish. Bounds are announced
    /// only when `settled`, against the last settled tree, so a move is
    /// reported once, when it ends.
    public func publish(_ tree: AccessibleTree, settled isSettled: Bool) {
        guard connection != nil else { return }
        let events = tree.events(since: published, boundsSince: isSettled ? settled : nil)
        published = tree
        if isSettled { settled = tree }
        guard !events.isEmpty else { return }
        var origin: (x: Int, y: Int)?
        for event in events {
            if case .boundsChanged = event, origin == nil { origin = mainWindowOrigin() }
            send(event, in: tree, origin: origin ?? (0, 0))
        }
    }

    /// The tree as clients see it now.
    /// Outside a pump (while a key waits for the registry), the last
    /// published tree, kept for nothing longer.
    var tree: AccessibleTree {
        guard let build = answering?.build else { return published }
        if let tree = answering?.tree { return tree }
        let tree = build()
        answering?.tree = tree
        return tree
    }

    /// One round trip to the X server per pump, and only if a client asks for screen coordinates.
    var origin: (x: Int, y: Int) {
        if let origin = answering?.origin { return origin }
        let origin = mainWindowOrigin()
        answering?.origin = origin
        return origin
    }

    func reference(_ key: AccessibleKey) -> ATSPIReference {
        ATSPIReference(bus: uniqueName, path: objects.path(of: key))
    }

    /// Messages let go unsent because there was no bus.
    private(set) var unsent = 0
    /// Shown each of them before it goes, so fuzzing can read the answers.
    var unsentWatcher: ((OpaquePointer) -> Void)?

    /// Sends `message` and lets it go.
    func send(_ message: OpaquePointer) {
        guard let connection else {
            unsent += 1
            unsentWatcher?(message)
            library.api.dbus_message_unref(message)
            return
        }
        _ = library.api.dbus_connection_send(connection, message, nil)
        library.api.dbus_message_unref(message)
    }

    /// Puts the application's root into the registry's desktop.
    private func embed() {
        let api = library.api
        guard let call = api.dbus_message_new_method_call(ATSPIReference.registry.bus, ATSPIObjects.rootPath,
                                                          "org.a11y.atspi.Socket", "Embed") else { return }
        var writer = DBusMessageWriter(call, library: library)
        writer.reference(reference(.application))
        send(call)
    }

    private func disconnect() {
        guard let connection else { return }
        self.connection = nil
        descriptor = nil
        library.close(connection)
    }
}

/// What clients are answered from during one pump: the tree and the main
/// window's corner, each made once, on first need, so a burst of calls
/// walking the tree sees one frame, and screen coordinates cost one round
/// trip at most.
private struct Answering {
    let build: () -> AccessibleTree
    var tree: AccessibleTree?
    var origin: (x: Int, y: Int)?
}
