#if canImport(Glibc)
import Glibc
#endif
import CDBus

/// libdbus's functions, opened on first use: a program that never finds
/// an accessibility bus never loads it.
final class DBusLibrary: @unchecked Sendable {
    let api: RewrapDBus

    private init(_ api: RewrapDBus) {
        self.api = api
    }

    /// nil when libdbus-1.so.3 is not installed.
    static let shared: DBusLibrary? = {
        var api = RewrapDBus()
        return rewrap_dbus_load(&api) != 0 ? DBusLibrary(api) : nil
    }()

    /// How long the app's thread waits for a bus to answer: a working one
    /// answers in well under a millisecond, and libdbus's own default is 25 s.
    static let replyTimeout: Int32 = 1000

    /// Opens a private connection to the bus at `address` and says Hello,
    /// or returns nil. A bus that goes away later does not end the program.
    func connect(to address: String) -> OpaquePointer? {
        var error = DBusError()
        api.dbus_error_init(&error)
        defer { api.dbus_error_free(&error) }
        guard let connection = api.dbus_connection_open_private(address, &error) else { return nil }
        api.dbus_connection_set_exit_on_disconnect(connection, 0)
        guard register(connection) else {
            close(connection)
            return nil
        }
        return connection
    }

    /// Hello, as dbus_bus_register says it, but waiting `replyTimeout` at
    /// most: a bus that accepts and never answers must not freeze the window.
    /// libdbus waits without a limit while it authenticates, so that step
    /// is driven here first, a bounded read and write at a time.
    private func register(_ connection: OpaquePointer) -> Bool {
        let deadline = Self.milliseconds() + Int(Self.replyTimeout)
        while api.dbus_connection_get_is_authenticated(connection) == 0 {
            let remaining = deadline - Self.milliseconds()
            guard remaining > 0, api.dbus_connection_read_write(connection, Int32(remaining)) != 0 else { return false }
        }
        guard let hello = api.dbus_message_new_method_call("org.freedesktop.DBus", "/org/freedesktop/DBus",
                                                           "org.freedesktop.DBus", "Hello") else { return false }
        defer { api.dbus_message_unref(hello) }
        var error = DBusError()
        api.dbus_error_init(&error)
        defer { api.dbus_error_free(&error) }
        guard let reply = api.dbus_connection_send_with_reply_and_block(connection, hello, Self.replyTimeout, &error) else {
            return false
        }
        defer { api.dbus_message_unref(reply) }
        var reader = DBusMessageReader(reply, library: self)
        guard let name = reader.string(), !name.isEmpty else { return false }
        return api.dbus_bus_set_unique_name(connection, name) != 0
    }

    private static func milliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
    }

    func close(_ connection: OpaquePointer) {
        api.dbus_connection_close(connection)
        api.dbus_connection_unref(connection)
    }
}
