import CDBus
import RewrapBus
import RewrapPlatform
import RewrapScene
#if canImport(Glibc)
import Glibc
#endif

/// The desktop portal's settings on the session bus, where Wayland
/// desktops publish their look, read at start and followed through
/// `SettingChanged`. No bus or no portal leaves the defaults, silently, and
/// so does each key it lacks (the `org.gnome.*` ones exist only on GNOME).
final class PortalSettings {
    private let library: DBusLibrary
    private let connection: OpaquePointer
    /// Readable when the bus has sent something.
    let descriptor: Int32
    private(set) var values = PortalValues()
    /// A setting changed since the last `pump`.
    private var changed = false

    static let destination = "org.freedesktop.portal.Desktop"
    static let path = "/org/freedesktop/portal/desktop"
    static let interface = "org.freedesktop.portal.Settings"

    /// Connects to the session bus and reads every setting, within `deadline`.
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
        for (namespace, key) in PortalValues.keys {
            _ = library.call(Self.destination, Self.path, Self.interface, "Read", on: connection, by: deadline,
                             arguments: { $0.string(namespace); $0.string(key) },
                             reply: { values.take(namespace, key, from: &$0) ? true : nil })
        }
    }

    deinit {
        library.close(connection)
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
        if values.received(message, library: library) { changed = true }
    }
}

/// What the portal has said, each key decoded and checked on its own: a
/// value out of range reads as the default, one of another D-Bus type is
/// ignored.
struct PortalValues: Equatable {
    var prefersDark: Bool?
    var animationsEnabled = true
    var textScale = 1.0
    /// The portal's contrast (1 asks for more) and GNOME's own switch.
    var higherContrast = false
    var gnomeHighContrast = false
    var accentColor: Color?
    var cursorTheme: String?
    var cursorSize: Int?
    var interfaceFont: InterfaceFont?

    static let appearance = "org.freedesktop.appearance"
    static let gnomeInterface = "org.gnome.desktop.interface"
    static let gnomeAccessibility = "org.gnome.desktop.a11y.interface"

    /// Every key followed, by namespace.
    static let keys = [
        (appearance, "color-scheme"), (appearance, "contrast"), (appearance, "accent-color"),
        (gnomeInterface, "enable-animations"), (gnomeInterface, "text-scaling-factor"), (gnomeInterface, "cursor-theme"),
        (gnomeInterface, "cursor-size"), (gnomeInterface, "font-name"), (gnomeAccessibility, "high-contrast"),
    ]

    /// The settings these values give, over what the outputs already said.
    func apply(to settings: inout DesktopSettings) {
        settings.prefersDark = prefersDark
        settings.animationsEnabled = animationsEnabled
        settings.textScale = textScale
        settings.highContrast = higherContrast || gnomeHighContrast
        settings.accentColor = accentColor
        settings.cursorTheme = cursorTheme
        settings.cursorSize = cursorSize
        settings.interfaceFont = interfaceFont
    }

    /// The accent's (ddd): red, green and blue.
    private static func rgb(_ fields: inout DBusMessageReader) -> (Double, Double, Double)? {
        guard let red = fields.double(), let green = fields.double(), let blue = fields.double() else { return nil }
        return (red, green, blue)
    }

    static func prefersDark(colorScheme: UInt32) -> Bool? {
        switch colorScheme {
        case 1: return true
        case 2: return false
        default: return nil
        }
    }

    /// A `SettingChanged` signal's key and value, taken when it is one of
    /// `keys`; true when it was.
    mutating func received(_ message: OpaquePointer, library: DBusLibrary) -> Bool {
        let api = library.api
        guard api.dbus_message_get_type(message) == DBusType.signal,
              api.dbus_message_get_member(message).map({ String(cString: $0) }) == "SettingChanged",
              api.dbus_message_get_interface(message).map({ String(cString: $0) }) == PortalSettings.interface else { return false }
        var reader = DBusMessageReader(message, library: library)
        guard let namespace = reader.string(), let key = reader.string() else { return false }
        return take(namespace, key, from: &reader)
    }

    /// `namespace` `key`'s value from the variant `reader` is at; false for
    /// a key not followed or a value of another type, which changes nothing.
    mutating func take(_ namespace: String, _ key: String, from reader: inout DBusMessageReader) -> Bool {
        switch (namespace, key) {
        case (Self.appearance, "color-scheme"):
            guard let scheme = reader.variant({ $0.uint32() }) else { return false }
            prefersDark = Self.prefersDark(colorScheme: scheme)
        case (Self.appearance, "contrast"):
            guard let contrast = reader.variant({ $0.uint32() }) else { return false }
            higherContrast = contrast == 1
        case (Self.appearance, "accent-color"):
            guard let rgb = reader.variant({ $0.structure(Self.rgb) }) else { return false }
            accentColor = DesktopSettings.accentColor(red: rgb.0, green: rgb.1, blue: rgb.2)
        case (Self.gnomeInterface, "enable-animations"):
            guard let enabled = reader.variant({ $0.boolean() }) else { return false }
            animationsEnabled = enabled
        case (Self.gnomeInterface, "text-scaling-factor"):
            guard let factor = reader.variant({ $0.double() }) else { return false }
            textScale = DesktopSettings.textScale(factor)
        case (Self.gnomeInterface, "cursor-theme"):
            guard let name = reader.variant({ $0.string() }) else { return false }
            cursorTheme = DesktopSettings.cursorTheme(name)
        case (Self.gnomeInterface, "cursor-size"):
            guard let size = reader.variant({ $0.int32() }) else { return false }
            cursorSize = DesktopSettings.cursorSize(Int(size))
        case (Self.gnomeInterface, "font-name"):
            guard let name = reader.variant({ $0.string() }) else { return false }
            interfaceFont = InterfaceFont(description: name)
        case (Self.gnomeAccessibility, "high-contrast"):
            guard let on = reader.variant({ $0.boolean() }) else { return false }
            gnomeHighContrast = on
        default:
            return false
        }
        return true
    }
}
