import CDBus

/// libdbus's functions, opened on first use: a program that never finds
/// an accessibility bus never loads it.
public final class DBusLibrary: @unchecked Sendable {
    public let api: RewrapDBus

    private init(_ api: RewrapDBus) {
        self.api = api
    }

    /// nil when libdbus-1.so.3 is not installed.
    public static let shared: DBusLibrary? = {
        var api = RewrapDBus()
        return rewrap_dbus_load(&api) != 0 ? DBusLibrary(api) : nil
    }()

    /// Opens a private connection to the bus at `address` and says Hello
    /// before `deadline`, or returns nil. A bus that goes away later does
    /// not end the program.
    public func connect(to address: String, by deadline: BusDeadline) -> OpaquePointer? {
        var error = DBusError()
        api.dbus_error_init(&error)
        defer { api.dbus_error_free(&error) }
        guard let connection = api.dbus_connection_open_private(address, &error) else { return nil }
        api.dbus_connection_set_exit_on_disconnect(connection, 0)
        guard register(connection, by: deadline) else {
            close(connection)
            return nil
        }
        return connection
    }

    /// Hello, as dbus_bus_register says it, but by `deadline`: libdbus would
    /// wait without a limit while it authenticates and 25 s for the reply.
    /// Authentication is driven here first, a bounded read and write at a time.
    private func register(_ connection: OpaquePointer, by deadline: BusDeadline) -> Bool {
        while api.dbus_connection_get_is_authenticated(connection) == 0 {
            let remaining = deadline.remaining
            guard remaining > 0, api.dbus_connection_read_write(connection, remaining) != 0 else { return false }
        }
        guard let name = call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "Hello",
                              on: connection, by: deadline, reply: { $0.string() }), !name.isEmpty else { return false }
        return api.dbus_bus_set_unique_name(connection, name) != 0
    }

    /// A method call with the arguments `arguments` writes, answered by
    /// `deadline`; `reply` reads the answer, and nil is any failure. Never
    /// starts a service that is not running.
    public func call<Answer>(_ destination: String, _ path: String, _ interface: String, _ method: String,
                             on connection: OpaquePointer, by deadline: BusDeadline,
                             arguments: (inout DBusMessageWriter) -> Void = { _ in },
                             reply: (inout DBusMessageReader) -> Answer?) -> Answer? {
        guard deadline.remaining > 0,
              let message = api.dbus_message_new_method_call(destination, path, interface, method) else { return nil }
        defer { api.dbus_message_unref(message) }
        api.dbus_message_set_auto_start(message, 0)
        var writer = DBusMessageWriter(message, library: self)
        arguments(&writer)
        var error = DBusError()
        api.dbus_error_init(&error)
        defer { api.dbus_error_free(&error) }
        guard let answer = api.dbus_connection_send_with_reply_and_block(connection, message, deadline.remaining, &error) else {
            return nil
        }
        defer { api.dbus_message_unref(answer) }
        var reader = DBusMessageReader(answer, library: self)
        return reply(&reader)
    }

    /// Asks the bus to route the signals that match `rule` to `connection`,
    /// without waiting for its answer.
    public func addMatch(_ rule: String, on connection: OpaquePointer) {
        guard let message = api.dbus_message_new_method_call("org.freedesktop.DBus", "/org/freedesktop/DBus",
                                                             "org.freedesktop.DBus", "AddMatch") else { return }
        defer { api.dbus_message_unref(message) }
        api.dbus_message_set_no_reply(message, 1)
        var writer = DBusMessageWriter(message, library: self)
        writer.string(rule)
        _ = api.dbus_connection_send(connection, message, nil)
    }

    public func close(_ connection: OpaquePointer) {
        api.dbus_connection_close(connection)
        api.dbus_connection_unref(connection)
    }
}
