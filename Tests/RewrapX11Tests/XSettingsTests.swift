import RewrapScene
import RewrapX11
import XCTest

/// Bytes in the XSETTINGS wire format, written out by hand from the
/// freedesktop specification rather than by any code under test.
private struct WireFormat {
    enum Setting {
        case integer(String, Int32)
        case string(String, String)
        /// A string setting whose value is any bytes, valid UTF-8 or not.
        case bytes(String, [UInt8])
        case color(String, red: UInt16, green: UInt16, blue: UInt16, alpha: UInt16)
    }

    let msbFirst: Bool
    private(set) var bytes: [UInt8] = []

    init(msbFirst: Bool, serial: UInt32 = 42, settings: [Setting]) {
        self.msbFirst = msbFirst
        bytes = [msbFirst ? 1 : 0, 0, 0, 0]
        card32(serial)
        card32(UInt32(settings.count))
        for setting in settings { append(setting) }
    }

    private mutating func append(_ setting: Setting) {
        switch setting {
        case .integer(let name, let value):
            header(type: 0, name: name)
            card32(UInt32(bitPattern: value))
        case .string(let name, let value):
            append(.bytes(name, Array(value.utf8)))
        case .bytes(let name, let value):
            header(type: 1, name: name)
            card32(UInt32(value.count))
            padded(value)
        case .color(let name, let red, let green, let blue, let alpha):
            header(type: 2, name: name)
            for channel in [red, green, blue, alpha] { card16(channel) }
        }
    }

    /// Type, an unused byte, the name's length, the padded name and the last-change serial.
    private mutating func header(type: UInt8, name: String) {
        bytes += [type, 0]
        card16(UInt16(name.utf8.count))
        padded(Array(name.utf8))
        card32(7)
    }

    private mutating func padded(_ data: [UInt8]) {
        bytes += data
        bytes += [UInt8](repeating: 0, count: (4 - data.count % 4) % 4)
    }

    private mutating func card16(_ value: UInt16) {
        let parts = [UInt8(value >> 8), UInt8(value & 0xff)]
        bytes += msbFirst ? parts : parts.reversed()
    }

    private mutating func card32(_ value: UInt32) {
        let parts = [UInt8(value >> 24), UInt8((value >> 16) & 0xff), UInt8((value >> 8) & 0xff), UInt8(value & 0xff)]
        bytes += msbFirst ? parts : parts.reversed()
    }
}

final class XSettingsTests: XCTestCase {
    private let desktop: [WireFormat.Setting] = [
        .string("Net/ThemeName", "Adwaita"),
        .color("Gtk/ColorScheme", red: 0xffff, green: 0x8000, blue: 0, alpha: 0xffff),
        .integer("Gtk/EnableAnimations", 0),
        .integer("Xft/DPI", 96 * 1024),
    ]

    func testReadsBothByteOrders() throws {
        for msbFirst in [false, true] {
            let settings = try XCTUnwrap(XSettings(parsing: WireFormat(msbFirst: msbFirst, settings: desktop).bytes),
                                         msbFirst ? "MSBFirst" : "LSBFirst")
            XCTAssertFalse(settings.animationsEnabled)
            XCTAssertEqual(settings.dpi, 96)
            XCTAssertEqual(settings.integers, ["Gtk/EnableAnimations": 0, "Xft/DPI": 98_304])
            XCTAssertEqual(settings.strings, ["Net/ThemeName": "Adwaita"])
        }
    }

    func testTheOrderByteDecidesHowEverythingIsRead() throws {
        for msbFirst in [true, false] {
            let bytes = WireFormat(msbFirst: msbFirst, settings: [.integer("Xft/DPI", 120 * 1024)]).bytes
            XCTAssertEqual(try XCTUnwrap(XSettings(parsing: bytes)).dpi, 120, "msbFirst: \(msbFirst)")
        }
        // Read the wrong way round, the count of one setting becomes 16,777,216:
        // far past any real manager's, so the data is refused rather than misread.
        var swapped = WireFormat(msbFirst: true, settings: [.integer("Xft/DPI", 120 * 1024)]).bytes
        swapped[0] = 0
        XCTAssertNil(XSettings(parsing: swapped))
    }

    func testAnimationsEnabledUnlessTurnedOff() throws {
        let on = try XCTUnwrap(XSettings(parsing: WireFormat(msbFirst: false, settings: [.integer("Gtk/EnableAnimations", 1)]).bytes))
        XCTAssertTrue(on.animationsEnabled)
        let unset = try XCTUnwrap(XSettings(parsing: WireFormat(msbFirst: false, settings: []).bytes))
        XCTAssertTrue(unset.animationsEnabled)
        XCTAssertNil(unset.dpi)
    }

    func testFractionalAndInvalidDPI() throws {
        let fractional = try XCTUnwrap(XSettings(parsing: WireFormat(msbFirst: true, settings: [.integer("Xft/DPI", 147_456 + 512)]).bytes))
        XCTAssertEqual(fractional.dpi, 144.5)
        let negative = try XCTUnwrap(XSettings(parsing: WireFormat(msbFirst: false, settings: [.integer("Xft/DPI", -1)]).bytes))
        XCTAssertEqual(negative.integers["Xft/DPI"], -1)
        XCTAssertNil(negative.dpi, "the specification uses -1 for the default")
    }

    func testNamesAndStringsOfEveryPaddingLength() throws {
        let names = ["A", "Ab", "Abc", "Abcd", "Abcde"]
        let settings = names.map { WireFormat.Setting.string($0, String(repeating: "x", count: $0.count + 2)) }
            + [.integer("Xft/DPI", 192 * 1024)]
        let parsed = try XCTUnwrap(XSettings(parsing: WireFormat(msbFirst: false, settings: settings).bytes))
        for name in names {
            XCTAssertEqual(parsed.strings[name], String(repeating: "x", count: name.count + 2), name)
        }
        XCTAssertEqual(parsed.dpi, 192)
    }

    func testUnknownTypeIsRefused() {
        var bytes = WireFormat(msbFirst: false, settings: [.integer("Xft/DPI", 96 * 1024)]).bytes
        bytes[12] = 3
        XCTAssertNil(XSettings(parsing: bytes))
    }

    func testEmptyInputReturnsNil() {
        XCTAssertNil(XSettings(parsing: []))
    }

    func testTruncatedInputReturnsNil() {
        for msbFirst in [false, true] {
            let bytes = WireFormat(msbFirst: msbFirst, settings: [.string("Net/ThemeName", "Adwaita"), .integer("Xft/DPI", 96 * 1024)]).bytes
            for length in 0..<bytes.count {
                XCTAssertNil(XSettings(parsing: Array(bytes.prefix(length))), "\(length) of \(bytes.count) bytes")
            }
        }
    }

    func testTruncatedColourReturnsNil() {
        let bytes = WireFormat(msbFirst: false, settings: [
            .integer("Xft/DPI", 96 * 1024), .color("Gtk/ColorScheme", red: 1, green: 2, blue: 3, alpha: 4),
        ]).bytes
        for length in (bytes.count - 8)..<bytes.count {
            XCTAssertNil(XSettings(parsing: Array(bytes.prefix(length))), "\(length) of \(bytes.count) bytes: the colour is cut")
        }
    }

    func testTruncatedStringPaddingReturnsNil() {
        // "Adwaita" is 7 bytes, so one byte of padding follows it.
        let bytes = WireFormat(msbFirst: true, settings: [.string("Net/ThemeName", "Adwaita")]).bytes
        XCTAssertNotNil(XSettings(parsing: bytes))
        XCTAssertNil(XSettings(parsing: Array(bytes.dropLast())))
    }

    // MARK: - The theme name

    private func theme(_ value: [UInt8]) throws -> Theme {
        let bytes = WireFormat(msbFirst: false, settings: [.bytes("Net/ThemeName", value)]).bytes
        let settings = try XCTUnwrap(XSettings(parsing: bytes), "\(value)")
        return ThemePreference.auto.theme(desktopThemeName: settings.themeName)
    }

    func testThemeNameContainingDarkInAnyCaseIsDark() throws {
        for name in ["Adwaita-dark", "DARK", "Yaru-Dark", "darkness", "Materia-dark-compact", "x-dArK-y"] {
            XCTAssertEqual(try theme(Array(name.utf8)), .dark, name)
        }
        for name in ["Adwaita", "", "dar", "d-ark", "Breeze", "HighContrast", "dárk"] {
            XCTAssertEqual(try theme(Array(name.utf8)), .light, name)
        }
    }

    func testThemeNameInOddBytesIsReadWithoutHarm() throws {
        // Invalid UTF-8, a NUL, a lone continuation byte and a Turkish dotted
        // capital I (whose lowercase is two scalars): nothing crashes, and only
        // the ASCII letters d, a, r, k in a row make it dark.
        XCTAssertEqual(try theme([0xff, 0xfe] + Array("dark".utf8) + [0x80]), .dark)
        XCTAssertEqual(try theme(Array("Da".utf8) + [0x00] + Array("rk".utf8)), .light)
        XCTAssertEqual(try theme(Array("\u{130}DARK".utf8)), .dark)
        XCTAssertEqual(try theme([0xc3, 0x28, 0xa0, 0xa1, 0xf0, 0x28, 0x8c, 0xbc]), .light)
        XCTAssertEqual(try theme(Array("D\u{0301}ARK".utf8)), .light, "a combining mark splits the word")
    }

    func testExplicitThemeIgnoresTheDesktop() {
        XCTAssertEqual(ThemePreference.light.theme(desktopThemeName: "Adwaita-dark"), .light)
        XCTAssertEqual(ThemePreference.dark.theme(desktopThemeName: "Adwaita"), .dark)
        XCTAssertEqual(ThemePreference.dark.theme(desktopThemeName: nil), .dark)
        XCTAssertEqual(ThemePreference.auto.theme(desktopThemeName: nil), .light, "no settings manager: light")
    }
}
