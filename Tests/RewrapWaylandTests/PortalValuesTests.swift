import RewrapBus
import RewrapPlatform
import RewrapScene
@testable import RewrapWayland
import XCTest

/// The portal's `SettingChanged` signals, built with libdbus as the bus
/// would deliver them, decoded into settings: each key on its own, a bad
/// value read as the default, a value of another type ignored.
final class PortalValuesTests: XCTestCase {
    private func signal(_ namespace: String, _ key: String, _ value: (inout DBusMessageWriter) -> Void) throws -> OpaquePointer {
        let library = try XCTUnwrap(DBusLibrary.shared, "libdbus")
        let message = try XCTUnwrap(library.api.dbus_message_new_signal("/org/freedesktop/portal/desktop",
                                                                        "org.freedesktop.portal.Settings", "SettingChanged"))
        var writer = DBusMessageWriter(message, library: library)
        writer.string(namespace)
        writer.string(key)
        value(&writer)
        return message
    }

    /// The settings after `signals`, each applied in turn, from the defaults.
    private func settings(after signals: [OpaquePointer]) throws -> DesktopSettings {
        let library = try XCTUnwrap(DBusLibrary.shared)
        var values = PortalValues()
        for message in signals {
            _ = values.received(message, library: library)
            library.api.dbus_message_unref(message)
        }
        var settings = DesktopSettings()
        values.apply(to: &settings)
        return settings
    }

    private let interface = "org.gnome.desktop.interface", appearance = "org.freedesktop.appearance"

    func testEveryKeyIsRead() throws {
        let read = try settings(after: [
            signal(interface, "text-scaling-factor") { $0.variant("d") { $0.double(1.5) } },
            signal(appearance, "contrast") { $0.variant("u") { $0.uint32(1) } },
            signal(appearance, "accent-color") { $0.variant("(ddd)") { $0.structure { $0.double(0.9); $0.double(0.3); $0.double(0.1) } } },
            signal(interface, "cursor-theme") { $0.variant("s") { $0.string("Adwaita") } },
            signal(interface, "cursor-size") { $0.variant("i") { $0.int32(48) } },
            signal(interface, "font-name") { $0.variant("s") { $0.string("Cantarell 11") } },
        ])
        XCTAssertEqual(read.textScale, 1.5)
        XCTAssertTrue(read.highContrast)
        XCTAssertEqual(read.accentColor, Color(red: 0.9, green: 0.3, blue: 0.1))
        XCTAssertEqual(read.cursorTheme, "Adwaita")
        XCTAssertEqual(read.cursorSize, 48)
        XCTAssertEqual(read.interfaceFont, InterfaceFont(description: "Cantarell 11"))
    }

    func testGnomesHighContrastAloneIsHighContrast() throws {
        let read = try settings(after: [signal("org.gnome.desktop.a11y.interface", "high-contrast") { $0.variant("b") { $0.boolean(true) } }])
        XCTAssertTrue(read.highContrast)
    }

    func testBadValuesReadAsTheDefault() throws {
        let read = try settings(after: [
            signal(interface, "text-scaling-factor") { $0.variant("d") { $0.double(1.5) } },
            signal(interface, "text-scaling-factor") { $0.variant("d") { $0.double(.nan) } },
            signal(appearance, "accent-color") { $0.variant("(ddd)") { $0.structure { $0.double(2); $0.double(-1); $0.double(.nan) } } },
            signal(interface, "cursor-size") { $0.variant("i") { $0.int32(-5) } },
            signal(interface, "font-name") { $0.variant("s") { $0.string("Cantarell 0") } },
        ])
        XCTAssertEqual(read, DesktopSettings())
    }

    func testAValueOfAnotherTypeChangesNothing() throws {
        let read = try settings(after: [
            signal(interface, "text-scaling-factor") { $0.variant("d") { $0.double(1.25) } },
            signal(interface, "text-scaling-factor") { $0.variant("s") { $0.string("2") } },
            signal(appearance, "contrast") { $0.variant("s") { $0.string("more") } },
            signal(interface, "cursor-size") { $0.variant("u") { $0.uint32(48) } },
            signal(appearance, "accent-color") { $0.variant("(dd)") { $0.structure { $0.double(0.5); $0.double(0.5) } } },
        ])
        XCTAssertEqual(read.textScale, 1.25, "the last good value stays")
        XCTAssertFalse(read.highContrast)
        XCTAssertNil(read.cursorSize)
        XCTAssertNil(read.accentColor)
    }
}
