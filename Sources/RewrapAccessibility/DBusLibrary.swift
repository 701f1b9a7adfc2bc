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

/// D-Bus type codes, as the wire format spells them.
enum DBusType {
    static let invalid: Int32 = 0
    static let byte = Int32(UInt8(ascii: "y"))
    static let boolean = Int32(UInt8(ascii: "b"))
    static let int16 = Int32(UInt8(ascii: "n"))
    static let int32 = Int32(UInt8(ascii: "i"))
    static let uint32 = Int32(UInt8(ascii: "u"))
    static let double = Int32(UInt8(ascii: "d"))
    static let string = Int32(UInt8(ascii: "s"))
    static let objectPath = Int32(UInt8(ascii: "o"))
    static let array = Int32(UInt8(ascii: "a"))
    static let variant = Int32(UInt8(ascii: "v"))
    static let structure = Int32(UInt8(ascii: "r"))
    static let dictEntry = Int32(UInt8(ascii: "e"))

    static let methodCall: Int32 = 1
}
