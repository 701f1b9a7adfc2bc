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

    /// Opens a private connection to the bus at `address` and says Hello,
    /// or returns nil. A bus that goes away later does not end the program.
    func connect(to address: String) -> OpaquePointer? {
        var error = DBusError()
        api.dbus_error_init(&error)
        defer { api.dbus_error_free(&error) }
        guard let connection = api.dbus_connection_open_private(address, &error) else { return nil }
        api.dbus_connection_set_exit_on_disconnect(connection, 0)
        guard api.dbus_bus_register(connection, &error) != 0 else {
            close(connection)
            return nil
        }
        return connection
    }

    func close(_ connection: OpaquePointer) {
        api.dbus_connection_close(connection)
        api.dbus_connection_unref(connection)
    }
}
