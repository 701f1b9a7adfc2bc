#if canImport(Glibc)
import Glibc
#endif
import CDBus

/// Where the accessibility bus is, when the X root window does not say.
public enum AccessibilityBus {
    /// Asks the session bus's `org.a11y.Bus` for the address, without
    /// starting a bus launcher that nobody asked for. nil when there is no
    /// session bus or no accessibility bus on it; libdbus is loaded only
    /// when a session bus is named.
    public static func addressFromSessionBus() -> String? {
        guard let session = getenv("DBUS_SESSION_BUS_ADDRESS").map({ String(cString: $0) }), !session.isEmpty,
              let library = DBusLibrary.shared, let connection = library.connect(to: session) else { return nil }
        defer { library.close(connection) }
        let api = library.api
        guard let call = api.dbus_message_new_method_call("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress") else {
            return nil
        }
        defer { api.dbus_message_unref(call) }
        api.dbus_message_set_auto_start(call, 0)
        var error = DBusError()
        api.dbus_error_init(&error)
        defer { api.dbus_error_free(&error) }
        guard let reply = api.dbus_connection_send_with_reply_and_block(connection, call, DBusLibrary.replyTimeout, &error) else { return nil }
        defer { api.dbus_message_unref(reply) }
        var reader = DBusMessageReader(reply, library: library)
        return reader.string().flatMap { $0.isEmpty ? nil : $0 }
    }
}
