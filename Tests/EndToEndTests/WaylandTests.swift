import Foundation
import RewrapTestDrivers
import XCTest

/// Rewrap native on Wayland (rules §10.3), on a private headless sway, with
/// the X11 window on Xvfb as the oracle: the same script gives the same
/// trace, node for node, and the same pixels.
final class WaylandTests: XCTestCase {
    private var sway: SwayServer!

    override func setUpWithError() throws {
        sway = try SwayServer()
    }

    override func tearDown() {
        sway?.stop()
    }

    /// A frame's nodes and popup, times and frame numbers aside.
    private func nodes(_ frame: TraceFrame) -> [String] {
        frame.nodes.map { "\($0.id) \($0.kind) \($0.text) \($0.frame) \($0.target) \($0.focused ?? false)" }
            + (frame.popup.map { popup in
                ["popup \(popup.owner) \(popup.frame)"] + popup.nodes.map { "\($0.id) \($0.text) \($0.selected) \($0.frame)" }
            } ?? [])
    }

    /// The frames a script passes through on the X11 window: the first,
    /// the first with the menu open, and the settled last.
    private func x11Frames(_ arguments: [String] = [], size: String = "680x420") throws -> [TraceFrame] {
        let session = try RewrapSession(arguments: ["--geometry", size + "+0+0"] + arguments)
        defer { session.close() }
        let first = try session.settledFrame()
        try session.key("Tab", "space")
        try session.waitUntil("the menu") { try session.lastFrame().popup != nil }
        let open = try session.lastFrame()
        let count = session.frames().count
        try session.key("Down", "Return")
        try session.waitUntil("the pick") { try session.lastFrame().popup == nil }
        return [first, open, try session.settledFrame(after: count)]
    }

    private func waylandFrames(_ arguments: [String] = [], size: String = "680x420") throws -> [TraceFrame] {
        let session = try WaylandSession(sway: sway, arguments: ["--geometry", size] + arguments)
        defer { session.close() }
        let first = try session.settledFrame()
        // One wtype for the whole script: the seat loses its keyboard when wtype ends.
        let typing = try sway.startTyping(["-s", "300", "-k", "Tab", "-s", "200", "-k", "space", "-s", "800",
                                           "-k", "Down", "-s", "200", "-k", "Return", "-s", "300"])
        defer { stopProcess(typing) }
        try session.waitUntil("the menu") { try session.lastFrame().popup != nil }
        let open = try session.lastFrame()
        let count = session.frames().count
        try session.waitUntil("the pick") { try session.lastFrame().popup == nil }
        return [first, open, try session.settledFrame(after: count)]
    }

    func testTraceMatchesX11NodeForNode() throws {
        let x11 = try x11Frames()
        let wayland = try waylandFrames()
        for (name, index) in [("first frame", 0), ("menu open", 1), ("after the pick", 2)] {
            XCTAssertEqual(nodes(wayland[index]), nodes(x11[index]), name)
            XCTAssertEqual(wayland[index].window, x11[index].window, name)
        }
        XCTAssertEqual(wayland[2].node("shape")?.text, "Shape: Rounded rectangle", "the keyboard picked the second option")
    }

    func testRightToLeftTraceMatchesX11() throws {
        let x11 = try x11Frames(["--locale", "ar"])
        let wayland = try waylandFrames(["--locale", "ar"])
        for index in 0..<3 { XCTAssertEqual(nodes(wayland[index]), nodes(x11[index]), "frame \(index)") }
        let popup = try XCTUnwrap(wayland[1].popup)
        let button = try XCTUnwrap(wayland[1].node(popup.owner))
        XCTAssertEqual(popup.rect.maxX, button.rect.maxX, "right to left, the menu lines up with the button's right edge")
        XCTAssertEqual(popup.rect.minY, button.rect.maxY + 4, "just below the button")
    }

    /// The Wayland window's pixels against the X11 window's at one size in
    /// window pixels; returns the fraction that differ.
    private func comparePixels(_ arguments: [String], x11 x11Arguments: [String] = [], width: Int, height: Int,
                               name: String) throws -> Double {
        let folder = NSTemporaryDirectory() + "rewrap-wayland-pixels-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let x11Path = folder + "/x11-\(name).png", waylandPath = folder + "/wayland-\(name).png"
        // A screen large enough for the window at scale 2 as well.
        let server = try XvfbServer(width: 2000, height: 1200)
        defer { server.stop() }
        let x11 = try RewrapSession(arguments: arguments + x11Arguments + ["--geometry", "\(width)x\(height)+0+0"], server: server)
        try x11.settledFrame()
        try x11.capture(to: x11Path)
        x11.close()
        let wayland = try WaylandSession(sway: sway, arguments: arguments + ["--geometry", "\(width)x\(height)"])
        try wayland.settledFrame()
        // The compositor shows the frame a moment after it is committed.
        usleep(300_000)
        try wayland.capture(to: waylandPath)
        wayland.close()
        let (count, total) = try differingPixels(x11Path, waylandPath)
        let fraction = Double(count) / Double(total)
        print("pixels differing at \(name): \(count) of \(total) (\(fraction)); screenshots in \(folder)")
        return fraction
    }

    func testPixelsMatchX11At700And340() throws {
        for width in [700, 340] {
            let fraction = try comparePixels([], width: width, height: 420, name: "\(width)")
            XCTAssertEqual(fraction, 0, "at \(width) px both are pixman compositing the same masks and glyphs")
        }
    }

    func testArabicPixelsMatchX11() throws {
        let fraction = try comparePixels(["--locale", "ar"], width: 680, height: 420, name: "ar")
        XCTAssertEqual(fraction, 0)
    }

    func testScaleTwoDrawsAtTheOutputsScale() throws {
        // 1280 × 800 logical pixels, so the window fits as it is.
        try sway.swaymsg(["output", "HEADLESS-1", "resolution", "2560x1600", "scale", "2"])
        let session = try WaylandSession(sway: sway)
        let frame = try session.settledFrame()
        XCTAssertEqual(frame.window, [1360, 840], "680 × 420 logical pixels at twice the density")
        let rect = try session.windowRect()
        XCTAssertEqual([rect.width, rect.height], [680, 420], "sway shows it at its logical size")
        session.close()
        // X11's own --scale 2 is the oracle: crisp, not stretched.
        let fraction = try comparePixels([], x11: ["--scale", "2"], width: 1360, height: 840, name: "scale2")
        XCTAssertEqual(fraction, 0)
    }

    func testAChangeOfTheOutputsScaleRedrawsAtIt() throws {
        try sway.swaymsg(["output", "HEADLESS-1", "resolution", "2560x1600", "scale", "1"])
        let session = try WaylandSession(sway: sway, arguments: ["--geometry", "680x420"])
        let first = try session.settledFrame()
        XCTAssertEqual(first.window, [680, 420])
        let count = session.frames().count
        try sway.swaymsg(["output", "HEADLESS-1", "scale", "2"])
        try session.waitUntil("the frame at scale 2") { try session.lastFrame().window == [1360, 840] }
        let frame = try session.settledFrame(after: count)
        XCTAssertEqual(frame.window, [1360, 840], "the same logical size in twice the pixels")
        session.close()
        // The window drawn after the change is the one X11 draws at --scale 2.
        let folder = NSTemporaryDirectory() + "rewrap-wayland-rescale-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let server = try XvfbServer(width: 2000, height: 1200)
        defer { server.stop() }
        let x11 = try RewrapSession(arguments: ["--scale", "2", "--geometry", "1360x840+0+0"], server: server)
        let expected = try x11.settledFrame()
        try x11.capture(to: folder + "/x11.png")
        x11.close()
        XCTAssertEqual(nodes(frame), nodes(expected), "laid out as X11 lays out at scale 2")
        try sway.swaymsg(["output", "HEADLESS-1", "scale", "1"])
        let again = try WaylandSession(sway: sway, arguments: ["--geometry", "680x420"])
        defer { again.close() }
        try again.settledFrame()
        try sway.swaymsg(["output", "HEADLESS-1", "scale", "2"])
        try again.waitUntil("the frame at scale 2") { try again.lastFrame().window == [1360, 840] }
        try again.settledFrame()
        // The output's logical size halved under the centred window: back into view.
        try sway.swaymsg(["[pid=\(again.process.processIdentifier)]", "move", "position", "0", "0"])
        usleep(300_000)
        try again.capture(to: folder + "/wayland.png")
        XCTAssertEqual(try differingPixels(folder + "/x11.png", folder + "/wayland.png").count, 0, "screenshots in \(folder)")
    }

    /// A menu opened while its button still moves (a pick in slow motion
    /// set it moving) goes with the button, through xdg_popup.reposition
    /// here and a move of the popup window on X11, and ends where X11's does.
    func testAMenuFollowsItsMovingButtonAsOnX11() throws {
        func check(_ frames: [TraceFrame], _ platform: String) throws -> [Double] {
            let open = frames.filter { $0.popup?.owner == "arrangement" }
            XCTAssertGreaterThan(Set(open.filter(\.animating).compactMap { $0.popup?.rect.minX }).count, 2,
                                 "\(platform): the menu moved with the button")
            let last = try XCTUnwrap(open.last, platform)
            let button = try XCTUnwrap(last.node("arrangement")), popup = try XCTUnwrap(last.popup)
            XCTAssertFalse(last.animating, platform)
            XCTAssertEqual(popup.rect.minX, button.rect.minX, "\(platform): lined up with the button where it stopped")
            XCTAssertEqual(popup.rect.minY, button.rect.maxY + 4, "\(platform): just below it")
            return popup.frame
        }
        let x11 = try RewrapSession(arguments: ["--geometry", "680x420+0+0", "--slow-motion"])
        defer { x11.close() }
        try x11.settledFrame()
        try x11.key("Tab", "Tab", "Return")
        try x11.waitUntil("the pattern menu") { try x11.lastFrame().popup != nil }
        try x11.key("Down", "Return", "Tab", "Return")
        try x11.waitUntil("the arrangement menu at rest") {
            let last = try x11.lastFrame()
            return last.popup?.owner == "arrangement" && !last.animating
        }
        let x11Popup = try check(x11.frames(), "X11")
        let session = try WaylandSession(sway: sway, arguments: ["--geometry", "680x420", "--slow-motion"])
        defer { session.close() }
        try session.settledFrame()
        // wtype holds the keyboard until the move is over: the menu closes when the seat loses it.
        let typing = try sway.startTyping(["-s", "300", "-k", "Tab", "-s", "150", "-k", "Tab", "-s", "150", "-k", "Return",
                                           "-s", "600", "-k", "Down", "-s", "150", "-k", "Return", "-s", "150", "-k", "Tab",
                                           "-s", "150", "-k", "Return", "-s", "5000"])
        defer { stopProcess(typing) }
        try session.waitUntil("the arrangement menu at rest") {
            let last = try session.lastFrame()
            return last.popup?.owner == "arrangement" && !last.animating
        }
        XCTAssertEqual(try check(session.frames(), "Wayland"), x11Popup, "where X11's menu ended")
    }

    func testPointerPicksFromMenu() throws {
        let session = try WaylandSession(sway: sway)
        defer { session.close() }
        let frame = try session.settledFrame()
        let button = try XCTUnwrap(frame.node("pattern"))
        try sway.point(["move"] + (try session.outputPoint(button.center)) + ["wait", "100", "click", "wait", "200"])
        try session.waitUntil("the pattern menu") { try session.lastFrame().popup?.owner == "pattern" }
        let popup = try XCTUnwrap(try session.lastFrame().popup)
        XCTAssertEqual(popup.rect.minX, button.rect.minX, "lined up with the button's left edge")
        XCTAssertEqual(popup.rect.minY, button.rect.maxY + 4, "just below the button")
        // Popup frames are window pixels on Wayland, where the window's place is the compositor's.
        let count = session.frames().count
        try sway.point(["move"] + (try session.outputPoint(popup.center(of: 1))) + ["wait", "100", "click", "wait", "200"])
        let settled = try session.settledFrame(after: count)
        XCTAssertNil(settled.popup)
        XCTAssertEqual(settled.node("pattern")?.text, "Pattern: Alternating diagonal lines")
    }

    func testPressOutsideTheMenuClosesItWithNothingChanged() throws {
        let session = try WaylandSession(sway: sway)
        defer { session.close() }
        let frame = try session.settledFrame()
        let button = try XCTUnwrap(frame.node("shape"))
        let rect = try session.windowRect()
        try sway.point(["move"] + (try session.outputPoint(button.center)) + ["wait", "100", "click", "wait", "300",
                        "move", String(rect.x + 600), String(rect.y + 380), "wait", "100", "click", "wait", "200"])
        try session.waitUntil("the menu to close") { try session.lastFrame().popup == nil && session.frames().count > 1 }
        XCTAssertTrue(session.frames().contains { $0.popup != nil }, "the menu opened first")
        XCTAssertEqual(try session.lastFrame().node("shape")?.text, "Shape: Circle")
    }
}

/// The desktop portal's settings on a private session bus: theme and
/// reduced motion, live, with the X11 window's themes as the oracle.
final class WaylandPortalTests: XCTestCase {
    private func capture(_ session: WaylandSession, _ name: String, in folder: String) throws -> String {
        usleep(300_000)
        let path = folder + "/\(name).png"
        try session.capture(to: path)
        return path
    }

    private func x11Capture(theme: String, in folder: String) throws -> String {
        let session = try RewrapSession(arguments: ["--theme", theme])
        defer { session.close() }
        try session.settledFrame()
        let path = folder + "/x11-\(theme).png"
        try session.capture(to: path)
        return path
    }

    func testDarkThemeFromThePortalFollowsItsChanges() throws {
        let folder = NSTemporaryDirectory() + "rewrap-portal-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let dark = try x11Capture(theme: "dark", in: folder), light = try x11Capture(theme: "light", in: folder)
        XCTAssertGreaterThan(try differingPixels(dark, light).count, 1000, "fixture: the two themes differ")
        let sway = try SwayServer()
        defer { sway.stop() }
        let portal = try FakePortal(colorScheme: 1)
        defer { portal.stop() }
        let session = try WaylandSession(sway: sway, arguments: ["--geometry", "680x420"],
                                         environment: ["DBUS_SESSION_BUS_ADDRESS": portal.address])
        defer { session.close() }
        try session.settledFrame()
        XCTAssertEqual(try differingPixels(try capture(session, "wayland-dark", in: folder), dark).count, 0,
                       "color-scheme 1 draws the dark theme; screenshots in \(folder)")
        let count = session.frames().count
        try portal.set("color-scheme", "2")
        try session.settledFrame(after: count)
        XCTAssertEqual(try differingPixels(try capture(session, "wayland-light", in: folder), light).count, 0,
                       "a change to 2 draws the light theme at once")
        XCTAssertEqual(session.stderr, "")
    }

    func testAnimationsOffInThePortalMeansReducedMotion() throws {
        let sway = try SwayServer()
        defer { sway.stop() }
        let portal = try FakePortal(colorScheme: 0)
        defer { portal.stop() }
        try portal.set("enable-animations", "false")
        let session = try WaylandSession(sway: sway, environment: ["DBUS_SESSION_BUS_ADDRESS": portal.address])
        defer { session.close() }
        try session.settledFrame()
        let typing = try sway.startTyping(["-s", "300", "-k", "Tab", "-s", "200", "-k", "space", "-s", "600",
                                           "-k", "Down", "-s", "200", "-k", "Return", "-s", "300"])
        defer { stopProcess(typing) }
        try session.waitUntil("the pick") { try session.lastFrame().node("shape")?.text == "Shape: Rounded rectangle" }
        XCTAssertFalse(session.frames().contains { $0.animating }, "nothing moves with animations off")
    }

    func testNoPortalMeansTheDefaultsSilently() throws {
        let sway = try SwayServer()
        defer { sway.stop() }
        let bus = try FakePortal(colorScheme: nil)
        defer { bus.stop() }
        let session = try WaylandSession(sway: sway, environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        try session.settledFrame()
        XCTAssertEqual(session.stderr, "", "a bus with no portal on it")
        session.close()
        bus.stop()
        let gone = try WaylandSession(sway: sway, environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        defer { gone.close() }
        try gone.settledFrame()
        XCTAssertEqual(gone.stderr, "", "an address with no bus behind it")
    }
}

/// The same AT-SPI tree on Wayland, found through the session bus's
/// `org.a11y.Bus` (Wayland has no root window to name it), with extents
/// relative to the window, since Wayland tells no client where it is.
final class WaylandAccessibilityTests: XCTestCase {
    func testTheTreeIsFoundThroughTheSessionBusWithWindowRelativeExtents() throws {
        // The launcher publishes on an X root too; the Wayland window never looks there.
        let server = try XvfbServer()
        defer { server.stop() }
        let bus = try AccessibilityBusProcess(server: server)
        defer { bus.stop() }
        let address = try XCTUnwrap(bus.address)
        let sway = try SwayServer()
        defer { sway.stop() }
        let session = try WaylandSession(sway: sway, environment: ["DBUS_SESSION_BUS_ADDRESS": bus.sessionAddress])
        defer { session.close() }
        let frame = try session.settledFrame()
        let client = try ATSPIClient(server: server, environment: ["AT_SPI_BUS_ADDRESS": address])
        defer { client.stop() }
        var tree = try client.tree()
        try session.waitUntil("the tree") {
            tree = try client.tree()
            return tree.first("combo box", named: "Shape: Circle") != nil
        }
        XCTAssertEqual(tree.name, "rewrap")
        for id in ["shape", "pattern", "arrangement"] {
            let traced = try XCTUnwrap(frame.node(id))
            let node = try XCTUnwrap(tree.first("combo box", named: traced.text)?.node, "\(id) in the tree")
            XCTAssertEqual(node.extents, traced.frame.map { Int($0) }, "\(id): window pixels, not the screen's")
        }
        let window = try session.windowRect()
        XCTAssertNotEqual([window.x, window.y], [0, 0], "fixture: sway does not put the window at the origin")
        XCTAssertEqual(session.stderr, "")
    }
}
