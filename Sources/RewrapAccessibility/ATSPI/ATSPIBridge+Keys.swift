import CDBus
import RewrapBus
import RewrapPlatform
import RewrapScene

/// Keys for screen readers: on X11, Orca hears a key only if the focused
/// application hands it to the registry's device event controller before
/// acting on it, as GTK's and Qt's bridges do. A listener that consumes it
/// (one of Orca's own commands) keeps it from the app.
extension ATSPIBridge {
    static let controllerPath = "/org/a11y/atspi/registry/deviceeventcontroller"
    static let controllerInterface = "org.a11y.atspi.DeviceEventController"
    static let listenerInterface = "org.a11y.atspi.DeviceEventListener"

    /// Whether a listener consumed `stroke`, asked of the registry and
    /// waited for until `deadline`; false at once while no one listens for
    /// keys, and when the registry does not answer in time. A registry that
    /// let a key wait that long is not asked again for `pause` seconds, so a
    /// stuck one slows typing only once in a while.
    public func consumes(_ stroke: KeyStroke, by deadline: BusDeadline, pause: Double = 5) -> Bool {
        if let quiet = registryQuietUntil, quiet.remaining > 0 { return false }
        registryQuietUntil = nil
        guard let connection, !keystrokeListeners.isEmpty, deadline.remaining > 0,
              let call = library.api.dbus_message_new_method_call(ATSPIReference.registry.bus, Self.controllerPath,
                                                                   Self.controllerInterface, "NotifyListenersSync") else { return false }
        defer { library.api.dbus_message_unref(call) }
        var writer = DBusMessageWriter(call, library: library)
        // A DeviceEvent: type (0 press, 1 release), keysym, keycode, modifiers,
        // time, text, whether it is text. The registry of at-spi2-core 2.46
        // reads `(uiiiisb)`, as Qt sends it, although it introspects as
        // `(uiuuisb)`, and answers InvalidArgs to that.
        writer.structure {
            $0.uint32(stroke.isPress ? 0 : 1)
            $0.int32(Int32(truncatingIfNeeded: stroke.keysym))
            $0.int32(Int32(truncatingIfNeeded: stroke.keycode))
            $0.int32(Int32(truncatingIfNeeded: stroke.modifiers))
            $0.int32(Int32(truncatingIfNeeded: stroke.time))
            $0.string(stroke.text)
            $0.boolean(!stroke.text.isEmpty)
        }
        guard let reply = reply(to: call, on: connection, by: deadline) else {
            if deadline.remaining == 0 { registryQuietUntil = BusDeadline(seconds: pause) }
            return false
        }
        defer { library.api.dbus_message_unref(reply) }
        guard library.api.dbus_message_get_type(reply) == DBusType.methodReturn else { return false }
        var reader = DBusMessageReader(reply, library: library)
        return reader.boolean() ?? false
    }

    /// Sends `call` and answers whatever comes meanwhile until its reply
    /// does: the listener asks about the focused object before it answers,
    /// and waiting without answering would keep both waiting until `deadline`.
    private func reply(to call: OpaquePointer, on connection: OpaquePointer, by deadline: BusDeadline) -> OpaquePointer? {
        let api = library.api
        var pending: OpaquePointer?
        guard api.dbus_connection_send_with_reply(connection, call, &pending, deadline.remaining) != 0, let pending else { return nil }
        defer { api.dbus_pending_call_unref(pending) }
        while api.dbus_pending_call_get_completed(pending) == 0 {
            let remaining = deadline.remaining
            guard remaining > 0, api.dbus_connection_read_write_dispatch(connection, remaining) != 0 else {
                api.dbus_pending_call_cancel(pending)
                return nil
            }
        }
        return api.dbus_pending_call_steal_reply(pending)
    }

    /// Follows who listens for keys: the listeners there are now, asked by
    /// `deadline`, then the registry's signals as they come and go. Matching
    /// first, so a listener that registers in between is not missed.
    func watchKeystrokeListeners(by deadline: BusDeadline) {
        guard let connection else { return }
        library.addMatch("type='signal',interface='\(Self.listenerInterface)',path='\(Self.controllerPath)'", on: connection)
        let listeners = library.call(ATSPIReference.registry.bus, Self.controllerPath, Self.controllerInterface, "GetKeystrokeListeners",
                                     on: connection, by: deadline, reply: { $0.array { $0.structure(Self.listener) } })
        keystrokeListeners = Set(listeners ?? [])
    }

    /// A `KeystrokeListenerRegistered` or `...Deregistered` signal; false for any other message.
    func noteListenerSignal(_ message: OpaquePointer) -> Bool {
        let api = library.api
        guard api.dbus_message_get_type(message) == DBusType.signal,
              api.dbus_message_get_interface(message).map(String.init(cString:)) == Self.listenerInterface,
              let member = api.dbus_message_get_member(message).map(String.init(cString:)) else { return false }
        var reader = DBusMessageReader(message, library: library)
        guard let listener = reader.structure(Self.listener) else { return true }
        switch member {
        case "KeystrokeListenerRegistered": keystrokeListeners.insert(listener)
        case "KeystrokeListenerDeregistered": keystrokeListeners.remove(listener)
        default: break
        }
        return true
    }

    /// A listener's bus name and path, the first fields of `(souua(iisi)u(bbb))`.
    private static func listener(_ fields: inout DBusMessageReader) -> ATSPIReference? {
        guard let bus = fields.string(), let path = fields.objectPath() else { return nil }
        return ATSPIReference(bus: bus, path: path)
    }
}
