import RewrapPlatform
import RewrapScene
import XCTest

/// What the desktop may say, checked before it reaches the window: a value
/// no desktop means is the default.
final class DesktopSettingsValuesTests: XCTestCase {
    func testTextScaleKeepsGnomesRangeAndIgnoresTheRest() {
        XCTAssertEqual(DesktopSettings.textScale(1.25), 1.25)
        XCTAssertEqual(DesktopSettings.textScale(0.5), 0.5)
        XCTAssertEqual(DesktopSettings.textScale(3), 3)
        for bad in [0, .nan, 100, -1.5, 3.01, 0.49, .infinity, nil] as [Double?] {
            XCTAssertEqual(DesktopSettings.textScale(bad), 1, "\(String(describing: bad))")
        }
    }

    func testAccentOutOfRangeIsIgnored() {
        XCTAssertEqual(DesktopSettings.accentColor(red: 0.2, green: 0.4, blue: 1), Color(red: 0.2, green: 0.4, blue: 1))
        XCTAssertNil(DesktopSettings.accentColor(red: 2, green: -1, blue: .nan))
        XCTAssertNil(DesktopSettings.accentColor(red: 0.5, green: 0.5, blue: .nan))
        XCTAssertNil(DesktopSettings.accentColor(red: 0.5, green: -0.01, blue: 0.5))
    }

    func testCursorSizeAndTheme() {
        XCTAssertEqual(DesktopSettings.cursorSize(48), 48)
        XCTAssertNil(DesktopSettings.cursorSize(0))
        XCTAssertNil(DesktopSettings.cursorSize(-24))
        XCTAssertNil(DesktopSettings.cursorSize(100_000))
        XCTAssertEqual(DesktopSettings.cursorTheme("Adwaita"), "Adwaita")
        XCTAssertNil(DesktopSettings.cursorTheme(""))
    }

    func testHighContrastThemeNames() {
        for name in ["HighContrast", "HighContrastInverse", "highcontrast", "Adwaita-high-contrast", "High Contrast"] {
            XCTAssertTrue(DesktopSettings.namesHighContrast(name), name)
        }
        for name in ["Adwaita", "Adwaita-dark", "High", "Contrast", "", "hіghcontrast"] {
            XCTAssertFalse(DesktopSettings.namesHighContrast(name), name)
        }
    }

    func testInterfaceFontFromGTKsDescription() throws {
        let cantarell = try XCTUnwrap(InterfaceFont(description: "Cantarell 11"))
        XCTAssertEqual(cantarell.family, "Cantarell")
        XCTAssertEqual(cantarell.points, 11)
        // 11 pt at 96 dpi.
        XCTAssertEqual(cantarell.points * 96 / 72, 14.67, accuracy: 0.01)
        XCTAssertEqual(cantarell.pattern, "Cantarell:size=11.0")
        let styled = try XCTUnwrap(InterfaceFont(description: "Noto Sans Semi-Bold Italic 10.5"))
        XCTAssertEqual(styled.family, "Noto Sans")
        XCTAssertEqual(styled.points, 10.5)
        XCTAssertEqual(InterfaceFont(description: "Odd:Family-Name 9")?.pattern, "Odd\\:Family\\-Name:size=9.0",
                       "a family cannot add pattern properties")
        for bad in ["", "Cantarell", "11", "Cantarell 0", "Cantarell nan", "Cantarell 500", "Cantarell -3"] {
            XCTAssertNil(InterfaceFont(description: bad), bad)
        }
    }
}
