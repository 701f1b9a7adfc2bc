import Foundation
import RewrapScene
import RewrapTestDrivers
import XCTest

/// A new `Xft/DPI` from a real settings manager (xsettingsd) rescales the
/// window live (rules §8.11): everything `--scale` scales, with the selection,
/// the focus and the place scrolled to kept, and nothing animated.
final class LiveScaleTests: XCTestCase {
    private func dpi(_ dots: Int) -> String { "Xft/DPI \(dots * 1024)" }

    /// Frames at 2× are twice those at 1×, as `testScaleTwoDoublesEveryFrame`
    /// allows: lengths exactly, text within hinting's 2 % (at least 3 px).
    private func assertDoubled(_ double: TraceFrame, _ normal: TraceFrame, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(double.nodes.map(\.id), normal.nodes.map(\.id), file: file, line: line)
        for node in double.nodes {
            guard let base = normal.node(node.id) else { continue }
            for axis in 0..<4 {
                let expected = 2 * base.frame[axis]
                XCTAssertEqual(node.frame[axis], expected, accuracy: max(3, 0.02 * expected), "\(node.id) axis \(axis)",
                               file: file, line: line)
            }
        }
    }

    private func window(_ session: RewrapSession) throws -> [Double] {
        let info = try runCommand(["/usr/bin/xwininfo", "-id", session.windowID], environment: ["DISPLAY": session.server.display]).stdout
        return try ["Width:", "Height:"].map { label in
            let line = try XCTUnwrap(info.split(separator: "\n").first { $0.contains(label) }, info)
            return try XCTUnwrap(Double(line.split(separator: ":").last!.trimmingCharacters(in: .whitespaces)))
        }
    }

    func testANewDesktopDPIRescalesLiveKeepingSelectionFocusAndScroll() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let settings = try SettingsDaemon([dpi(96)], server: server)
        defer { settings.stop() }
        // The smallest window (320 × 240 at 1×), whose content still scrolls.
        let session = try RewrapSession(arguments: ["--geometry", "340x240+0+0"], server: server)
        try session.settledFrame()
        // A pick by the keyboard (the focus ring stays on Shape), then a wheel click down.
        try session.key("Tab", "Return", "Down", "Return")
        try session.waitUntil("the pick") { try session.lastFrame().node("shape")?.text == "Shape: Rounded rectangle" }
        try session.settledFrame()
        try session.click((170, 120), button: 5)
        try session.waitUntil("the scroll") { try session.lastFrame().scroll == [0, 48] }
        let normal = try session.settledFrame()
        XCTAssertEqual(normal.nodes.filter { $0.focused == true }.map(\.id), ["shape"])

        var count = session.frames().count
        try settings.update([dpi(192)])
        try session.waitUntil("the window at 2x") { try session.lastFrame().window == [680, 480] }
        let double = try session.settledFrame()
        XCTAssertFalse(session.frames().dropFirst(count).contains(where: \.animating), "a change of scale never animates")
        XCTAssertEqual(double.scroll, [0, 96], "scrolled to the same place")
        XCTAssertEqual(double.node("shape")?.text, "Shape: Rounded rectangle")
        XCTAssertEqual(double.nodes.filter { $0.focused == true }.map(\.id), ["shape"])
        XCTAssertEqual(double.node("menus.heading")?.rect.minX, 40, "the padding doubled")
        assertDoubled(double, normal)
        XCTAssertEqual(try window(session), [680, 480], "the window on the server")
        let shot = NSTemporaryDirectory() + "rewrap-live-192-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: shot) }
        try session.capture(to: shot)
        let shotSize = try runCommand(["/usr/bin/identify", "-format", "%wx%h", shot]).stdout
        XCTAssertEqual(shotSize, "680x480", "the screenshot, at the new size")

        count = session.frames().count
        try settings.update([dpi(96)])
        try session.waitUntil("the window back at 1x") { try session.lastFrame().window == [340, 240] }
        let back = try session.settledFrame()
        XCTAssertFalse(session.frames().dropFirst(count).contains(where: \.animating))
        XCTAssertEqual(back.scroll, normal.scroll)
        XCTAssertEqual(back.nodes.map(\.frame), normal.nodes.map(\.frame), "every frame as it was")
        XCTAssertEqual(back.nodes.map(\.text), normal.nodes.map(\.text))
        XCTAssertEqual(back.nodes.filter { $0.focused == true }.map(\.id), ["shape"])
        XCTAssertEqual(session.violations(in: back), [])
        XCTAssertEqual(session.stderr, "")
        session.stop()
    }

    /// `--scale` wins over the desktop. The new DPI comes with a dark theme,
    /// so the dark window shows the settings were read.
    func testTheScaleOptionWinsOverALiveDesktopDPI() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let settings = try SettingsDaemon([dpi(96), "Net/ThemeName \"Adwaita\""], server: server)
        defer { settings.stop() }
        let session = try RewrapSession(arguments: ["--scale", "1", "--geometry", "480x200+0+0"], server: server)
        let before = try session.settledFrame()
        try settings.update([dpi(192), "Net/ThemeName \"Adwaita-dark\""])
        let dark = Palette.dark.background
        let levels = [dark.red, dark.green, dark.blue].map { Int(($0 * 255).rounded()) }
        try session.waitUntil("the dark theme") { try ScreenPixels.read([(5, 5)], server: server).levels(0) == levels }
        let after = try session.lastFrame()
        XCTAssertEqual(after.window, [480, 200])
        XCTAssertEqual(after.nodes.map(\.frame), before.nodes.map(\.frame))
        session.stop()
    }
}
