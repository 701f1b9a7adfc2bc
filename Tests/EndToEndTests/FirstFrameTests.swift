import Foundation
import RewrapTestDrivers
import XCTest

/// The first frame on sway is drawn with the person's settings, so nothing
/// flashes from a default to them (issue 40): the portal is read before the
/// window is asked for, within its deadline, and a portal that never
/// answers gives the defaults from the first frame on.
final class FirstFrameTests: XCTestCase {
    private static let largeText = "org.gnome.desktop.interface text-scaling-factor d 1.5"
    private static let highContrast = "org.freedesktop.appearance contrast u 1"

    private func start(_ sway: SwayServer, bus address: String) throws -> WaylandSession {
        let session = try WaylandSession(sway: sway, arguments: ["--geometry", "480x300", "--reduce-motion"],
                                         environment: ["DBUS_SESSION_BUS_ADDRESS": address])
        addTeardownBlock { session.close() }
        return session
    }

    /// Every frame traced, from the first, places every node where the
    /// settled frame does: a frame drawn at the default text size or scale
    /// and then redrawn at the person's would differ in each node's frame;
    /// one redrawn in the person's theme would repeat the trace's frame.
    private func assertEveryFrameIsTheSettledOne(_ session: WaylandSession, file: StaticString = #filePath, line: UInt = #line) throws {
        let settled = try session.settledFrame()
        // Past the portal's deadline, so a late answer would have been drawn.
        usleep(700_000)
        let frames = session.frames()
        XCTAssertFalse(frames.isEmpty, file: file, line: line)
        for frame in frames {
            XCTAssertEqual(frame.window, settled.window, "frame \(frame.frame)", file: file, line: line)
            XCTAssertEqual(frame.nodes.map(\.frame), settled.nodes.map(\.frame), "frame \(frame.frame)", file: file, line: line)
        }
        // A frame is drawn only when something changed. Two frames in a row
        // that the trace cannot tell apart changed what it does not record,
        // the theme or the colours: a flash, where the pixels of the first
        // frame were not the settled one's. (Today one frame is drawn.)
        func shown(_ frame: TraceFrame) -> String {
            "\(frame.window) \(frame.scroll) \(frame.popup?.owner ?? "")"
                + frame.nodes.map { "\($0.id) \($0.text) \($0.frame) \($0.focused ?? false) \($0.ring ?? false)" }.joined(separator: "; ")
        }
        for (earlier, later) in zip(frames, frames.dropFirst()) {
            XCTAssertNotEqual(shown(earlier), shown(later), "frame \(later.frame) changes nothing the trace shows: a flash?", file: file, line: line)
        }
    }

    /// Dark theme, large text and high contrast from a portal that answers,
    /// on an output at scale 2: the first frame is the settled one, and it
    /// is the person's, not the defaults' (large text makes every control
    /// taller; dark high contrast makes the background pure black).
    func testTheFirstFrameHasThePortalsSettingsAtScaleTwo() throws {
        let sway = try SwayServer(scale: 2)
        defer { sway.stop() }
        let portal = try FakePortal(colorScheme: 1, settings: [Self.largeText, Self.highContrast])
        defer { portal.stop() }
        let session = try start(sway, bus: portal.address)
        try assertEveryFrameIsTheSettledOne(session)

        let plainPortal = try FakePortal(colorScheme: 0)
        defer { plainPortal.stop() }
        let plain = try start(sway, bus: plainPortal.address)
        let shape = try XCTUnwrap(try session.lastFrame().node("shape")), plainShape = try XCTUnwrap(try plain.settledFrame().node("shape"))
        XCTAssertEqual(shape.frame[3], (plainShape.frame[3] * 1.5).rounded(), accuracy: 1, "large text from the first frame")

        let path = NSTemporaryDirectory() + "rewrap-first-frame-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try session.capture(to: path)
        XCTAssertEqual(try RGBImage(contentsOf: path)[6, 6], RGBImage.RGB(red: 0, green: 0, blue: 0), "dark, high contrast")
        XCTAssertEqual(session.stderr, "")
    }

    /// A session bus that takes the connection and never answers: the
    /// window still comes, once the portal's deadline has passed, with the
    /// defaults from its first frame, and no later frame changes them.
    func testAPortalThatNeverAnswersGivesTheDefaultsFromTheFirstFrame() throws {
        let sway = try SwayServer()
        defer { sway.stop() }
        let socket = NSTemporaryDirectory() + "rewrap-silent-bus-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: socket) }
        let silent = Process()
        silent.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        silent.arguments = ["-c", """
            import socket, sys
            server = socket.socket(socket.AF_UNIX); server.bind(sys.argv[1]); server.listen(8)
            held = []
            while True:
                held.append(server.accept()[0])
            """, socket]
        try silent.run()
        defer { stopProcess(silent) }
        let deadline = Date().addingTimeInterval(5)
        while !FileManager.default.fileExists(atPath: socket) && Date() < deadline { usleep(20_000) }

        let session = try start(sway, bus: "unix:path=\(socket)")
        try assertEveryFrameIsTheSettledOne(session)
        let plainPortal = try FakePortal(colorScheme: 0)
        defer { plainPortal.stop() }
        let plain = try start(sway, bus: plainPortal.address)
        XCTAssertEqual(try session.lastFrame().nodes.map(\.frame), try plain.settledFrame().nodes.map(\.frame), "the defaults")
        XCTAssertTrue(session.process.isRunning)
    }
}
