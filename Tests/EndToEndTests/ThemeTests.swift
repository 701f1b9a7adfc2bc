import Foundation
import RewrapScene
import RewrapTestDrivers
import XCTest

/// The dark theme, chosen by `--theme` or by the desktop's XSETTINGS
/// `Net/ThemeName` from a real settings manager (xsettingsd), read back as
/// raw pixels.
final class ThemeTests: XCTestCase {
    /// The window's background and, when a popup is open, its fill.
    private func shown(_ session: RewrapSession) throws -> (background: [Int], popup: [Int]?) {
        let popup = try session.lastFrame().popup
        var points = [(x: 5, y: 5)]
        if let popup { points.append((Int(popup.frame[0]) + 2, Int(popup.frame[1]) + 2)) }
        let pixels = try ScreenPixels.read(points, server: session.server)
        return (pixels.levels(0), popup == nil ? nil : pixels.levels(1))
    }

    private func levels(_ color: Color) -> [Int] {
        [color.red, color.green, color.blue].map { Int(($0 * 255).rounded()) }
    }

    /// Polls until the window shows `palette`, so a switch is waited for, not slept on.
    private func waitForTheme(_ palette: Palette, _ session: RewrapSession, popup: Bool = false) throws {
        try session.waitUntil("the \(palette == .dark ? "dark" : "light") theme") {
            let pixels = try self.shown(session)
            return pixels.background == self.levels(palette.background)
                && (!popup || pixels.popup == self.levels(palette.popupFill))
        }
    }

    func testDesktopThemeIsFollowedAndSwitchesLive() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let settings = try SettingsDaemon(["Net/ThemeName \"Adwaita\""], server: server)
        defer { settings.stop() }
        let session = try RewrapSession(arguments: ["--geometry", "480x420+0+0"], server: server)
        try session.settledFrame()
        try waitForTheme(.light, session)

        // Switched with a menu open: the window and the menu both change at once.
        try session.key("Tab", "Return")
        try session.waitUntil("the popup") { try session.lastFrame().popup != nil }
        try settings.update(["Net/ThemeName \"Adwaita-dark\""])
        try waitForTheme(.dark, session, popup: true)
        XCTAssertNotNil(try session.lastFrame().popup, "the menu stays open")

        // A high-contrast theme is light, in high contrast (rules §13).
        try settings.update(["Net/ThemeName \"HighContrast\""])
        try waitForTheme(.highContrastLight, session, popup: true)
        session.stop()
    }

    func testThemeOptionOverridesTheDesktop() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let settings = try SettingsDaemon(["Net/ThemeName \"Yaru-DARK\""], server: server)
        defer { settings.stop() }
        let light = try RewrapSession(arguments: ["--theme", "light", "--geometry", "480x420+0+0"], server: server)
        try light.settledFrame()
        try waitForTheme(.light, light)
        light.stop()
        let auto = try RewrapSession(arguments: ["--theme", "auto", "--geometry", "480x420+0+0"], server: server)
        try auto.settledFrame()
        try waitForTheme(.dark, auto)
        auto.stop()
    }

    func testDarkWithoutASettingsManager() throws {
        let session = try RewrapSession(arguments: ["--theme", "dark"])
        try session.settledFrame()
        try waitForTheme(.dark, session)
        XCTAssertEqual(try shown(session).background, levels(Palette.dark.background))
    }

    func testThemeNameInOddBytes() throws {
        // Invalid UTF-8 around "DaRk" and a NUL inside the value: read as dark, no complaint.
        let server = try XvfbServer()
        defer { server.stop() }
        let odd = Data("Net/ThemeName \"".utf8) + Data([0xff, 0xfe]) + Data("DaRk".utf8) + Data([0x80, 0x00, 0x7a]) + Data("\"\n".utf8)
        let settings = try SettingsDaemon(file: odd, server: server)
        defer { settings.stop() }
        let session = try RewrapSession(arguments: ["--geometry", "480x420+0+0"], server: server)
        try session.settledFrame()
        try waitForTheme(.dark, session)
        try settings.update(file: Data("Net/ThemeName \"".utf8) + Data([0xc3, 0x28, 0xa0]) + Data("\"\n".utf8))
        try waitForTheme(.light, session)
        XCTAssertEqual(session.stderr, "")
        session.stop()
    }
}
