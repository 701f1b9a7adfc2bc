import Foundation
import RewrapScene
import RewrapTestDrivers
import XCTest

/// The person's own settings on Wayland (rules §13), from the fake desktop
/// portal on a private session bus, on a private sway: large text, high
/// contrast, the accent colour, the cursor and the interface font, each at
/// start and live, and bad values of each ignored. Screenshots of each, and
/// of the defaults beside them, go to `shots` for a person to look at.
final class WaylandSettingsTests: XCTestCase {
    private var sway: SwayServer!
    private static let shots = NSTemporaryDirectory() + "rewrap-settings-shots"
    private static let interface = "org.gnome.desktop.interface"
    private static let appearance = "org.freedesktop.appearance"

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(atPath: Self.shots, withIntermediateDirectories: true)
        sway = try SwayServer()
    }

    override func tearDown() {
        sway?.stop()
    }

    private func start(_ settings: [String] = []) throws -> (portal: FakePortal, session: WaylandSession) {
        let portal = try FakePortal(colorScheme: 0, settings: settings)
        let session = try WaylandSession(sway: sway, arguments: ["--geometry", "480x300", "--reduce-motion"],
                                         environment: ["DBUS_SESSION_BUS_ADDRESS": portal.address])
        try session.settledFrame()
        return (portal, session)
    }

    private func shot(_ session: WaylandSession, _ name: String, cursor: Bool = false) throws -> String {
        usleep(300_000)
        let path = Self.shots + "/\(name).png"
        try session.capture(to: path, cursor: cursor)
        return path
    }

    /// Changes a key and waits for the frame drawn after it.
    private func change(_ portal: FakePortal, _ session: WaylandSession, _ namespace: String, _ key: String,
                        type: String, _ value: String) throws -> TraceFrame {
        let count = session.frames().count
        try portal.set(namespace, key, type: type, value)
        return try session.settledFrame(after: count)
    }

    func testLargeTextScalesTextAndLengthsAtStartAndLiveAndTheWindowKeepsItsSize() throws {
        let (portal, session) = try start()
        defer { session.close(); portal.stop() }
        let before = try session.lastFrame(), window = try session.windowRect()
        _ = try shot(session, "large-text-1")
        let after = try change(portal, session, Self.interface, "text-scaling-factor", type: "d", "1.5")
        _ = try shot(session, "large-text-1.5")
        let old = try XCTUnwrap(before.node("shape")), new = try XCTUnwrap(after.node("shape"))
        XCTAssertEqual(new.frame[3], (old.frame[3] * 1.5).rounded(), accuracy: 1, "a dropdown is 1.5 times as tall")
        XCTAssertGreaterThan(new.frame[2], old.frame[2] * 1.3, "and wider")
        XCTAssertEqual(after.window, before.window, "the window keeps its size")
        XCTAssertEqual(try session.windowRect().width, window.width)
        XCTAssertEqual(try session.windowRect().height, window.height)

        // Set so from the start, the same page.
        let (again, started) = try start(["\(Self.interface) text-scaling-factor d 1.5"])
        defer { started.close(); again.stop() }
        XCTAssertEqual(try started.lastFrame().nodes.map(\.frame), after.nodes.map(\.frame))
        XCTAssertEqual(session.stderr, "")
    }

    /// Large text asked for while the compositor is gone is the text the
    /// window is drawn with when it opens again, as on a fresh start.
    func testLargeTextSetWhileTheCompositorIsGoneIsDrawnWhenItReturns() throws {
        let (portal, session) = try start()
        defer { session.close(); portal.stop() }
        sway.crash()
        try portal.set(Self.interface, "text-scaling-factor", type: "d", "1.5")
        usleep(500_000)
        let count = session.frames().count
        try sway.restart()
        let returned = try session.settledFrame(after: count)
        let reopened = try shot(session, "large-text-after-a-restart")
        let stderr = session.stderr
        session.close()

        let (again, started) = try start(["\(Self.interface) text-scaling-factor d 1.5"])
        defer { started.close(); again.stop() }
        XCTAssertEqual(returned.nodes.map(\.frame), try started.lastFrame().nodes.map(\.frame), "laid out as at the start")
        let fresh = try shot(started, "large-text-from-the-start")
        // The fresh window is taller, at large text's minimum; the live one kept its size.
        let after = try RGBImage(contentsOf: reopened), expected = try RGBImage(contentsOf: fresh)
        for id in ["shape", "pattern", "arrangement"] {
            let frame = try XCTUnwrap(returned.node(id)?.frame).map { Int($0) }
            let differing = (frame[1]..<frame[1] + frame[3]).flatMap { y in
                (frame[0]..<frame[0] + frame[2]).filter { x in after[x, y] != expected[x, y] }
            }
            XCTAssertEqual(differing.count, 0, "\(id) drawn as at the start; \(reopened) against \(fresh)")
        }
        XCTAssertEqual(stderr, "", "nothing to say about a compositor that came back")
    }

    func testHighContrastAtStartAndLive() throws {
        let (portal, session) = try start()
        defer { session.close(); portal.stop() }
        let plain = try shot(session, "contrast-0")
        XCTAssertEqual(try RGBImage(contentsOf: plain)[3, 3], RGBImage.RGB(red: 0xf7, green: 0xf7, blue: 0xf8))
        _ = try change(portal, session, Self.appearance, "contrast", type: "u", "1")
        let high = try shot(session, "contrast-1")
        XCTAssertEqual(try RGBImage(contentsOf: high)[3, 3], RGBImage.RGB(red: 0xff, green: 0xff, blue: 0xff), "pure white")
        XCTAssertGreaterThan(try differingPixels(plain, high).count, 1000)
        _ = try change(portal, session, Self.appearance, "contrast", type: "u", "0")
        XCTAssertEqual(try differingPixels(plain, try shot(session, "contrast-0-again")).count, 0, "and back")

        // GNOME's own switch, from the start, in the dark theme.
        let (gnome, dark) = try start(["org.gnome.desktop.a11y.interface high-contrast b True",
                                       "\(Self.appearance) color-scheme u 1"])
        defer { dark.close(); gnome.stop() }
        XCTAssertEqual(try RGBImage(contentsOf: try shot(dark, "contrast-gnome-dark"))[3, 3], RGBImage.RGB(red: 0, green: 0, blue: 0))
    }

    func testAnAccentColoursTheFocusRingLive() throws {
        let (portal, session) = try start()
        defer { session.close(); portal.stop() }
        let typing = try sway.startTyping(["-s", "300", "-k", "Tab", "-s", "3000"])
        defer { stopProcess(typing) }
        try session.waitUntil("the ring") { try session.lastFrame().nodes.contains { $0.focused == true } }
        let focused = try XCTUnwrap(try session.lastFrame().nodes.first { $0.focused == true })
        // Inside the ring's stroke: 2 px of gap, then 2 px of ring, left of the control.
        let ring = (x: Int(focused.frame[0]) - 3, y: Int(focused.frame[1] + focused.frame[3] / 2))
        let plain = try RGBImage(contentsOf: try shot(session, "accent-none"))[ring.x, ring.y]
        XCTAssertEqual(plain, RGBImage.RGB(red: 0x0a, green: 0x64, blue: 0xd8), "fixture: the default ring is blue")
        _ = try change(portal, session, Self.appearance, "accent-color", type: "(ddd)", "(0.9, 0.3, 0.1)")
        let drawn = try RGBImage(contentsOf: try shot(session, "accent-orange"))[ring.x, ring.y]
        // An orange: red above green above blue, and 3:1 against the window (WCAG 2, computed here).
        XCTAssertGreaterThan(drawn.red, drawn.green)
        XCTAssertGreaterThan(drawn.green, drawn.blue)
        XCTAssertGreaterThanOrEqual(contrast(drawn, RGBImage.RGB(red: 0xf7, green: 0xf7, blue: 0xf8)), 3)
        XCTAssertEqual(session.stderr, "")

        // Set so from the start, the same ring; and the menu's highlighted option in it.
        let (again, started) = try start(["\(Self.appearance) accent-color (ddd) (0.9, 0.3, 0.1)"])
        defer { started.close(); again.stop() }
        let keys = try sway.startTyping(["-s", "300", "-k", "Tab", "-s", "200", "-k", "space", "-s", "3000"])
        defer { stopProcess(keys) }
        try started.waitUntil("the menu") { try started.lastFrame().popup?.highlighted != nil }
        let menu = try XCTUnwrap(try started.lastFrame().popup)
        let row = try XCTUnwrap(menu.nodes.first { $0.highlighted == true })
        let image = try RGBImage(contentsOf: try shot(started, "accent-orange-menu"))
        XCTAssertEqual(image[ring.x, ring.y], drawn, "the same ring from the start")
        // A row's frame is in the menu's pixels; the menu's, in the window's.
        let highlight = image[Int(menu.frame[0] + row.frame[0]) + 3, Int(menu.frame[1] + row.frame[1] + row.frame[3] / 2)]
        XCTAssertEqual(highlight, drawn, "the highlighted option in the accent")
    }

    func testTheCursorFollowsTheDesktopsThemeAndSizeLive() throws {
        let (portal, session) = try start()
        defer { session.close(); portal.stop() }
        // sway draws the pointer into the output, so grim shows it in every
        // shot: the window before the pointer comes is what it adds to.
        let bare = try RGBImage(contentsOf: try shot(session, "cursor-none"))
        let rect = try session.windowRect()
        let pointer = try sway.startPointing(["move", String(rect.x + 100), String(rect.y + 150), "wait", "8000"])
        defer { stopProcess(pointer) }
        usleep(500_000)
        let small = try cursorSize(session, "cursor-24", over: bare)
        // A new cursor draws no new frame: nothing in the window changed.
        try portal.set(Self.interface, "cursor-theme", type: "s", "'Adwaita'")
        try portal.set(Self.interface, "cursor-size", type: "i", "48")
        usleep(300_000)
        let large = try cursorSize(session, "cursor-48", over: bare)
        XCTAssertGreaterThan(small.height, 8, "fixture: a cursor is drawn")
        XCTAssertGreaterThan(Double(large.height), Double(small.height) * 1.6, "48 px against 24 px: \(small) then \(large)")
        XCTAssertEqual(session.stderr, "")
        stopProcess(pointer)
        session.close()

        // Set so from the start, the same pointer.
        let (again, started) = try start(["\(Self.interface) cursor-theme s 'Adwaita'", "\(Self.interface) cursor-size i 48"])
        defer { started.close(); again.stop() }
        let startedBare = try RGBImage(contentsOf: try shot(started, "cursor-none-again"))
        let place = try started.windowRect()
        let pointing = try sway.startPointing(["move", String(place.x + 100), String(place.y + 150), "wait", "8000"])
        defer { stopProcess(pointing) }
        usleep(500_000)
        let fromStart = try cursorSize(started, "cursor-48-from-start", over: startedBare)
        XCTAssertEqual(fromStart.height, large.height, accuracy: 2)
    }

    /// The size of what the pointer adds to a screenshot of the window.
    private func cursorSize(_ session: WaylandSession, _ name: String, over bare: RGBImage) throws -> (width: Int, height: Int) {
        let with = try RGBImage(contentsOf: try shot(session, name))
        var xs: [Int] = [], ys: [Int] = []
        for y in 0..<min(with.height, bare.height) {
            for x in 0..<min(with.width, bare.width) where with[x, y] != bare[x, y] {
                xs.append(x)
                ys.append(y)
            }
        }
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return (0, 0) }
        return (maxX - minX + 1, maxY - minY + 1)
    }

    func testTheInterfaceFontReplacesSansSerifLive() throws {
        let (portal, session) = try start()
        defer { session.close(); portal.stop() }
        let before = try session.lastFrame()
        _ = try shot(session, "font-default")
        let after = try change(portal, session, Self.interface, "font-name", type: "s", "'DejaVu Serif 13'")
        _ = try shot(session, "font-dejavu-serif-13")
        // 13 pt is 17.33 px: taller controls than at 14 px.
        XCTAssertGreaterThan(try XCTUnwrap(after.node("shape")).frame[3], try XCTUnwrap(before.node("shape")).frame[3])
        XCTAssertEqual(after.window, before.window)
        XCTAssertEqual(session.stderr, "")

        let (again, started) = try start(["\(Self.interface) font-name s 'DejaVu Serif 13'"])
        defer { started.close(); again.stop() }
        XCTAssertEqual(try started.lastFrame().nodes.map(\.frame), after.nodes.map(\.frame), "the same page from the start")
    }

    func testBadValuesAreIgnoredAtStartAndLive() throws {
        let (plainPortal, plain) = try start()
        let expected = try plain.lastFrame().nodes.map(\.frame)
        let plainShot = try shot(plain, "bad-none")
        plain.close()
        plainPortal.stop()

        let bad = ["\(Self.interface) text-scaling-factor d 0", "\(Self.appearance) accent-color (ddd) (2, -1, nan)",
                   "\(Self.interface) cursor-size i -5", "\(Self.interface) font-name s 'No Such Family 11'",
                   "\(Self.appearance) contrast s 'more'", "org.gnome.desktop.a11y.interface high-contrast s 'yes'"]
        let (portal, session) = try start(bad)
        defer { session.close(); portal.stop() }
        XCTAssertEqual(try session.lastFrame().nodes.map(\.frame), expected, "the defaults")
        XCTAssertEqual(try differingPixels(plainShot, try shot(session, "bad-start")).count, 0)
        for (key, type, value) in [("text-scaling-factor", "d", "nan"), ("text-scaling-factor", "d", "100"),
                                   ("text-scaling-factor", "s", "'1.5'"), ("font-name", "i", "11"), ("cursor-size", "d", "48.0"),
                                   ("cursor-theme", "s", "''"), ("font-name", "s", "'Cantarell 0'")] {
            try portal.set(Self.interface, key, type: type, value)
        }
        try portal.set(Self.appearance, "accent-color", type: "(ddd)", "(inf, 0.5, 0.5)")
        try portal.set(Self.appearance, "accent-color", type: "(dd)", "(0.5, 0.5)")
        usleep(500_000)
        XCTAssertTrue(session.process.isRunning)
        XCTAssertEqual(try session.lastFrame().nodes.map(\.frame), expected)
        XCTAssertEqual(try differingPixels(plainShot, try shot(session, "bad-live")).count, 0)
        XCTAssertEqual(session.stderr, "")
    }

    /// WCAG 2's contrast of two opaque pixels, written here, apart from the code under test.
    private func contrast(_ a: RGBImage.RGB, _ b: RGBImage.RGB) -> Double {
        func luminance(_ p: RGBImage.RGB) -> Double {
            func linear(_ v: UInt8) -> Double {
                let c = Double(v) / 255
                return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * linear(p.red) + 0.7152 * linear(p.green) + 0.0722 * linear(p.blue)
        }
        let (la, lb) = (luminance(a), luminance(b))
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }
}
