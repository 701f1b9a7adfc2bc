import RewrapPlatform
import RewrapScene
import RewrapX11
import XCTest

/// What the X11 platform makes of XSETTINGS and the X resources, as
/// `DesktopSettings`: GNOME's split of window scale and large text, the
/// font, the cursor and a high-contrast theme, each optional.
final class XSettingsDesktopTests: XCTestCase {
    private func settings(_ integers: [String: Int32] = [:], _ strings: [String: String] = [:],
                          resources: [String: String] = [:]) -> DesktopSettings {
        X11Platform.desktopSettings(XSettings(integers: integers, strings: strings), resource: { resources[$0] })
    }

    func testXftDPIScalesEverythingWithoutGTKsSplit() {
        // GNOME's Large Text on a 1× screen: 96 × 1.25 dpi.
        let large = settings(["Xft/DPI": 120 * 1024])
        XCTAssertEqual(large.scale, 1.25)
        XCTAssertEqual(large.textScale, 1)
    }

    func testWindowScaleFromGdkAndLargeTextFromUnscaledDPI() {
        // A 2× screen with Large Text: Xft/DPI holds both, as GTK publishes it.
        let split = settings(["Xft/DPI": 240 * 1024, "Gdk/WindowScalingFactor": 2, "Gdk/UnscaledDPI": 120 * 1024])
        XCTAssertEqual(split.scale, 2)
        XCTAssertEqual(split.textScale, 1.25)
    }

    func testHalfASplitIsNoSplit() {
        XCTAssertEqual(settings(["Xft/DPI": 192 * 1024, "Gdk/WindowScalingFactor": 2]).scale, 2)
        XCTAssertEqual(settings(["Xft/DPI": 192 * 1024, "Gdk/WindowScalingFactor": 2]).textScale, 1)
        XCTAssertEqual(settings(["Xft/DPI": 192 * 1024, "Gdk/UnscaledDPI": 120 * 1024]).textScale, 1)
    }

    func testBadScalesAreIgnored() {
        for (factor, unscaled) in [(0, 96 * 1024), (2, 0), (2, -1), (100, 96 * 1024), (2, 1_000 * 1024)] as [(Int32, Int32)] {
            let read = settings(["Xft/DPI": 96 * 1024, "Gdk/WindowScalingFactor": factor, "Gdk/UnscaledDPI": unscaled])
            XCTAssertTrue(read.scale == 1 || read.scale == Double(factor), "\(factor) \(unscaled): \(String(describing: read.scale))")
            XCTAssertEqual(read.textScale, 1, "\(factor) \(unscaled)")
        }
    }

    func testHighContrastFromTheThemeName() {
        XCTAssertTrue(settings([:], ["Net/ThemeName": "HighContrast"]).highContrast)
        XCTAssertFalse(settings([:], ["Net/ThemeName": "Adwaita"]).highContrast)
        XCTAssertFalse(settings().highContrast)
    }

    func testFontAndCursorFromXSettingsThenResources() {
        let gtk = settings(["Gtk/CursorThemeSize": 48], ["Gtk/FontName": "Cantarell 11", "Gtk/CursorThemeName": "Adwaita"],
                           resources: ["Xcursor.size": "32", "Xcursor.theme": "DMZ-White"])
        XCTAssertEqual(gtk.interfaceFont, InterfaceFont(description: "Cantarell 11"))
        XCTAssertEqual(gtk.cursorTheme, "Adwaita")
        XCTAssertEqual(gtk.cursorSize, 48)
        let resources = settings(resources: ["Xcursor.size": "32", "Xcursor.theme": "DMZ-White"])
        XCTAssertEqual(resources.cursorTheme, "DMZ-White")
        XCTAssertEqual(resources.cursorSize, 32)
        XCTAssertNil(resources.interfaceFont)
    }

    func testBadFontAndCursorAreIgnored() {
        let bad = settings(["Gtk/CursorThemeSize": -5], ["Gtk/FontName": "", "Gtk/CursorThemeName": ""],
                           resources: ["Xcursor.size": "big"])
        XCTAssertNil(bad.interfaceFont)
        XCTAssertNil(bad.cursorTheme)
        XCTAssertNil(bad.cursorSize)
    }
}
