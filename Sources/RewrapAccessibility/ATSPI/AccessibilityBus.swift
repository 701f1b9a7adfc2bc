#if canImport(Glibc)
import Glibc
import RewrapBus
#endif

/// Where the accessibility bus is, when the X root window does not say.
public enum AccessibilityBus {
    /// Asks the session bus's `org.a11y.Bus` for the address by `deadline`,
    /// without starting a bus launcher that nobody asked for. nil when there
    /// is no session bus or no accessibility bus on it; libdbus is loaded
    /// only when a session bus is named.
    public static func addressFromSessionBus(by deadline: BusDeadline) -> String? {
        guard let session = getenv("DBUS_SESSION_BUS_ADDRESS").map({ String(cString: $0) }), !session.isEmpty,
              let library = DBusLibrary.shared, let connection = library.connect(to: session, by: deadline) else { return nil }
        defer { library.close(connection) }
        let address = library.call("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", on: connection, by: deadline,
                                    reply: { $0.string() })
        return address.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// True when every address in the list is a local socket (`unix:`).
    /// Any client on the display can write the root window's property, and
    /// libdbus runs the program a `unixexec:` address names, so nothing else
    /// is opened.
    public static func isLocalSocket(_ address: String) -> Bool {
        let entries = address.split(separator: ";")
        return !entries.isEmpty && entries.allSatisfy { $0.hasPrefix("unix:") }
    }
}
