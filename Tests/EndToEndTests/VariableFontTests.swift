import Foundation
import RewrapTestDrivers
import XCTest

/// A variable font, Inter VF, with its bold named instance for headings,
/// drawn alike on X11 and on sway at scale 1 and 2 (rules §7.7).
final class VariableFontTests: XCTestCase {
    func testInterIsDrawnAlikeOnX11AndWayland() throws {
        let folder = NSTemporaryDirectory() + "rewrap-inter-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let server = try XvfbServer(width: 2000, height: 1200)
        defer { server.stop() }
        let sway = try SwayServer(width: 2800, height: 1680)
        defer { sway.stop() }
        for scale in [1, 2] {
            let size = "\(700 * scale)x\(420 * scale)"
            let x11 = try RewrapSession(arguments: ["--font", "Inter", "--scale", String(scale), "--geometry", size + "+0+0"], server: server)
            try x11.parkPointer()
            let expected = try x11.settledFrame()
            try x11.capture(to: folder + "/x11-\(scale).png")
            XCTAssertEqual(x11.stderr, "", "Inter is installed: no substitution is reported")
            x11.close()
            try sway.swaymsg(["output", "HEADLESS-1", "resolution", "2800x1680", "scale", String(scale)])
            let wayland = try WaylandSession(sway: sway, arguments: ["--font", "Inter", "--geometry", size])
            let frame = try wayland.settledFrame()
            usleep(300_000)
            try wayland.capture(to: folder + "/wayland-\(scale).png")
            wayland.close()
            XCTAssertEqual(frame.nodes.map(\.frame), expected.nodes.map(\.frame), "measured alike at \(scale)")
            let (count, total) = try differingPixels(folder + "/x11-\(scale).png", folder + "/wayland-\(scale).png")
            XCTAssertEqual(count, 0, "at \(scale): \(count) of \(total) pixels differ; pictures in \(folder)")
        }
        // Inter, not DejaVu Sans, set the heading.
        let dejaVu = try RewrapSession(arguments: ["--geometry", "700x420+0+0"], server: server)
        defer { dejaVu.close() }
        let inter = try RewrapSession(arguments: ["--font", "Inter", "--geometry", "700x420+0+0"], server: server)
        defer { inter.close() }
        XCTAssertNotEqual(try inter.settledFrame().node("menus.heading")?.frame, try dejaVu.settledFrame().node("menus.heading")?.frame)
    }
}
