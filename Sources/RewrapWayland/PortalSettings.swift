import CDBus
import RewrapBus
#if canImport(Glibc)
import Glibc
#endif

/// The desktop portal's settings on the session bus, where Wayland
/// desktops publish their look: `org.freedesktop.appearance color-scheme`
/// (1 dark, 2 light, 0 no preference) and `org.gnome.desktop.interface
/// enable-animations`, read at start and followed through `SettingChanged`.
/// No bus or no portal leaves the defaults, silently.
final class PortalSettings {
    private let library: DBusLibrary
    private let connection: OpaquePointer
    /// Readable when the bus has sent something.
    let descriptor: Int32
    private(set) var prefersDark: Bool?
    private(set) var animationsEnabled = true
    /// A setting changed since the last `pump`.
    private var changed = false

    static let destination = "org.freedesktop.portal.Desktop"
    static let path = "/org/freedesktop/portal/desktop"
    static let interface = "org.freedesktop.portal.Settings"

    /// Connects to the session bus and reads both settings, within `deadline`.
    init?(by deadline: BusDeadline) {
        guard let address = getenv("DBUS_SESSION_BUS_ADDRESS").map({ String(cString: $0) }), !address.isEmpty,
              let library = DBusLibrary.shared, let connection = library.connect(to: address, by: deadline) else { return nil }
        var fd: Int32 = -1
        guard library.api.dbus_connection_get_unix_fd(connection, &fd) != 0 else {
            library.close(connection)
            return nil
        }
        self.library = library
        self.connection = connection
        descriptor = fd
        // Subscribed before reading, so no change falls between the two.
        library.addMatch("type='signal',interface='\(Self.interface)',member='SettingChanged'", on: connection)
        let filter: DBusHandleMessageFunction = { _, message, settings in
            guard let message, let settings else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
            Unmanaged<PortalSettings>.fromOpaque(settings).takeUnretainedValue().received(message)
            return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
        }
        _ = library.api.dbus_connection_add_filter(connection, filter, Unmanaged.passUnretained(self).toOpaque(), nil)
        if let scheme = read("org.freedesktop.appearance", "color-scheme", type: DBusType.uint32, by: deadline) {
            prefersDark = Self.prefersDark(colorScheme: scheme)
        }
        if let enabled = read("org.gnome.desktop.interface", "enable-animations", type: DBusType.boolean, by: deadline) {
            animationsEnabled = enabled != 0
        }
    }

    deinit {
        library.close(connection)
    }

    static func prefersDark(colorScheme: UInt32) -> Bool? {
        switch colorScheme {
        case 1: return true
        case 2: return false
        default: return nil
        }
    }

    /// Reads what the bus sent; true when a setting changed.
    func pump() -> Bool {
        let api = library.api
        if api.dbus_connection_read_write(connection, 0) != 0 {
            while api.dbus_connection_dispatch(connection) == DBUS_DISPATCH_DATA_REMAINS {}
        }
        defer { changed = false }
        return changed
    }

    private func received(_ message: OpaquePointer) {
        let api = library.api
        guard api.dbus_message_get_member(message).map({ String(cString: $0) }) == "SettingChanged",
              api.dbus_message_get_interface(message).map({ String(cString: $0) }) == Self.interface else { return }
        var reader = DBusMessageReader(message, library: library)
        switch (reader.string(), reader.string()) {
        case ("org.freedesktop.appearance", "color-scheme"):
            guard let scheme = reader.variantUInt32(of: DBusType.uint32) else { return }
            prefersDark = Self.prefersDark(colorScheme: scheme)
            changed = true
        case ("org.gnome.desktop.interface", "enable-animations"):
            guard let enabled = reader.variantUInt32(of: DBusType.boolean) else { return }
            animationsEnabled = enabled != 0
            changed = true
        default:
            break
        }
    }

    private func read(_ namespace: String, _ key: String, type: Int32, by deadline: BusDeadline) -> UInt32? {
        library.call(Self.destination, Self.path, Self.interface, "Read", on: connection, by: deadline,
                     arguments: { $0.string(namespace); $0.string(key) }, reply: { $0.variantUInt32(of: type) })
    }
}
