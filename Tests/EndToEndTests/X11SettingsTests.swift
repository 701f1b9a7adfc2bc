import Foundation
import RewrapScene
import RewrapTestDrivers
import XCTest

/// The person's own settings on X11 (rules §13), from a real settings
/// manager (xsettingsd): large text split from the window scale as GTK
/// publishes it, the interface font and a high-contrast theme, each at start
/// and live, and bad values ignored.
final class X11SettingsTests: XCTestCase {
    private func window(_ session: RewrapSession) throws -> [Double] {
        let info = try runCommand(["/usr/bin/xwininfo", "-id", session.windowID], environment: ["DISPLAY": session.server.display]).stdout
        return try ["Width:", "Height:"].map { label in
            let line = try XCTUnwrap(info.split(separator: "\n").first { $0.contains(label) }, info)
            return try XCTUnwrap(Double(line.split(separator: ":").last!.trimmingCharacters(in: .whitespaces)))
        }
    }

    /// GNOME's Large Text at 1.5 on a 1× screen, as gsd-xsettings publishes it.
    private let largeText = ["Xft/DPI \(144 * 1024)", "Gdk/WindowScalingFactor 1", "Gdk/UnscaledDPI \(144 * 1024)"]

    func testLargeTextFromUnscaledDPIKeepsTheWindowsSizeLive() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let settings = try SettingsDaemon(["Xft/DPI \(96 * 1024)", "Gdk/WindowScalingFactor 1", "Gdk/UnscaledDPI \(96 * 1024)"],
                                          server: server)
        defer { settings.stop() }
        let session = try RewrapSession(arguments: ["--geometry", "480x300+0+0"], server: server)
        defer { session.close() }
        try session.key("Tab")
        let before = try session.settledFrame()
        let count = session.frames().count
        try settings.update(largeText)
        try session.waitUntil("larger text") { try session.lastFrame().node("shape")?.rect.height != before.node("shape")?.rect.height }
        let after = try session.settledFrame(after: count)
        XCTAssertFalse(session.frames().dropFirst(count).contains(where: \.animating), "nothing animates")
        XCTAssertEqual(try XCTUnwrap(after.node("shape")).frame[3], (try XCTUnwrap(before.node("shape")).frame[3] * 1.5).rounded(),
                       accuracy: 1)
        XCTAssertEqual(after.window, [480, 300], "the window keeps its size")
        XCTAssertEqual(try window(session), [480, 300])
        XCTAssertEqual(after.nodes.filter { $0.focused == true }.map(\.id), ["shape"], "the focus stays")
        // For a person to look at.
        let shots = NSTemporaryDirectory() + "rewrap-settings-shots"
        try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
        try session.capture(to: shots + "/x11-large-text-1.5.png")

        // Set so from the start: the same page.
        let started = try RewrapSession(arguments: ["--geometry", "480x300+0+0"], server: server)
        defer { started.close() }
        XCTAssertEqual(try started.settledFrame().nodes.map(\.frame), after.nodes.map(\.frame))
        XCTAssertEqual(session.stderr, "")
    }

    func testTheInterfaceFontAndTheFontOption() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let settings = try SettingsDaemon(["Net/ThemeName \"Adwaita\""], server: server)
        defer { settings.stop() }
        let session = try RewrapSession(arguments: ["--geometry", "480x300+0+0"], server: server)
        defer { session.close() }
        let before = try session.settledFrame()
        let count = session.frames().count
        try settings.update(["Gtk/FontName \"DejaVu Serif 13\""])
        try session.waitUntil("the new font") { try session.lastFrame().node("shape")?.rect != before.node("shape")?.rect }
        let after = try session.settledFrame(after: count)
        XCTAssertGreaterThan(try XCTUnwrap(after.node("shape")).frame[3], try XCTUnwrap(before.node("shape")).frame[3])
        XCTAssertEqual(after.window, [480, 300])
        try session.capture(to: NSTemporaryDirectory() + "rewrap-settings-shots/x11-font-dejavu-serif-13.png")

        let started = try RewrapSession(arguments: ["--geometry", "480x300+0+0"], server: server)
        defer { started.close() }
        XCTAssertEqual(try started.settledFrame().nodes.map(\.frame), after.nodes.map(\.frame), "the same page from the start")

        let option = try RewrapSession(arguments: ["--font", "sans-serif", "--geometry", "480x300+0+0"], server: server)
        defer { option.close() }
        XCTAssertEqual(try option.settledFrame().nodes.map(\.frame), before.nodes.map(\.frame), "--font wins")
    }

    func testAHighContrastThemeAtStartAndLive() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let settings = try SettingsDaemon(["Net/ThemeName \"HighContrast\""], server: server)
        defer { settings.stop() }
        let session = try RewrapSession(arguments: ["--geometry", "480x300+0+0"], server: server)
        defer { session.close() }
        try session.settledFrame()
        try session.waitUntil("white") { try ScreenPixels.read([(5, 5)], server: server).levels(0) == [255, 255, 255] }
        try settings.update(["Net/ThemeName \"Adwaita\""])
        try session.waitUntil("the light theme") { try ScreenPixels.read([(5, 5)], server: server).levels(0) == [0xf7, 0xf7, 0xf8] }
        try settings.update(["Net/ThemeName \"HighContrast\""])
        try session.waitUntil("white again") { try ScreenPixels.read([(5, 5)], server: server).levels(0) == [255, 255, 255] }
    }

    func testBadValuesAreIgnored() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let plain = try RewrapSession(arguments: ["--geometry", "480x300+0+0"], server: server)
        let expected = try plain.settledFrame().nodes.map(\.frame)
        plain.close()
        let settings = try SettingsDaemon(["Gdk/WindowScalingFactor 0", "Gdk/UnscaledDPI -5", "Gtk/FontName \"No Such Family 11\"",
                                           "Gtk/CursorThemeSize -5", "Gtk/CursorThemeName \"\""], server: server)
        defer { settings.stop() }
        let session = try RewrapSession(arguments: ["--geometry", "480x300+0+0"], server: server)
        defer { session.close() }
        XCTAssertEqual(try session.settledFrame().nodes.map(\.frame), expected)
        try settings.update(["Gdk/WindowScalingFactor 1", "Gdk/UnscaledDPI \(100_000 * 1024)", "Gtk/FontName \"DejaVu Sans 0\""])
        usleep(500_000)
        XCTAssertTrue(session.process.isRunning)
        XCTAssertEqual(try session.lastFrame().nodes.map(\.frame), expected)
        XCTAssertEqual(session.stderr, "")
    }
}

/// The pointer over the window on X11, in the desktop's cursor theme and
/// size, read back through XFixes.
final class X11CursorTests: XCTestCase {
    /// The pointer's image size over the window, and a picture of it for a person to look at.
    private func pointer(_ session: RewrapSession, _ name: String) throws -> String {
        let shots = NSTemporaryDirectory() + "rewrap-settings-shots"
        try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
        let result = try session.helper(["cursor", shots + "/x11-\(name).ppm"])
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testTheCursorFollowsGtkCursorThemeAndSizeLive() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let settings = try SettingsDaemon(["Gtk/CursorThemeName \"Adwaita\"", "Gtk/CursorThemeSize 24"], server: server)
        defer { settings.stop() }
        let session = try RewrapSession(arguments: ["--geometry", "480x300+0+0"], server: server)
        defer { session.close() }
        try session.settledFrame()
        _ = try session.xdotool(["mousemove", "101", "151"])
        _ = try session.xdotool(["mousemove", "100", "150"])
        try session.waitUntil("the themed pointer") { try self.pointer(session, "cursor-24") == "24x24" }
        try settings.update(["Gtk/CursorThemeName \"Adwaita\"", "Gtk/CursorThemeSize 48"])
        try session.waitUntil("the larger pointer") { try self.pointer(session, "cursor-48") == "48x48" }
        // At twice the scale, twice the pixels.
        try settings.update(["Gtk/CursorThemeName \"Adwaita\"", "Gtk/CursorThemeSize 48", "Xft/DPI \(192 * 1024)"])
        try session.waitUntil("the pointer at 2x") { try self.pointer(session, "cursor-96") == "96x96" }
        XCTAssertEqual(session.stderr, "")
    }

    func testTheXcursorSizeResourceIsFollowed() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        _ = try runCommand([PackagePaths.helperBinary, "resources", "Xcursor.size: 32\nXcursor.theme: Adwaita\n"],
                           environment: ["DISPLAY": server.display])
        let session = try RewrapSession(arguments: ["--geometry", "480x300+0+0"], server: server)
        defer { session.close() }
        try session.settledFrame()
        _ = try session.xdotool(["mousemove", "101", "151"])
        _ = try session.xdotool(["mousemove", "100", "150"])
        try session.waitUntil("the pointer from the resources") { try self.pointer(session, "cursor-resource-32") == "32x32" }
    }
}
