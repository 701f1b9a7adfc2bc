import Foundation
import RewrapTestDrivers
import XCTest

/// The default window fits the work area of the monitor it opens on
/// (rules §8.12), with room left for a window manager's frame; `--geometry` is
/// honoured as given. At 192 dpi the default is 1360 × 840, larger than a
/// 1280 × 800 screen.
final class DefaultSizeTests: XCTestCase {
    /// An Xvfb at 192 dpi whose resources say `Xft.dpi: 192`, as a HiDPI desktop's do.
    private func hiDPIServer(width: Int, height: Int) throws -> XvfbServer {
        let server = try XvfbServer(width: width, height: height, dpi: 192)
        let set = try runCommand([PackagePaths.helperBinary, "resources", "Xft.dpi:\t192\n"], environment: ["DISPLAY": server.display])
        XCTAssertEqual(set.status, 0, set.stderr)
        return server
    }

    /// The root's and a window's size as xwininfo reports them.
    private func size(_ arguments: [String], _ server: XvfbServer) throws -> [Double] {
        let info = try runCommand(["/usr/bin/xwininfo"] + arguments, environment: ["DISPLAY": server.display]).stdout
        func value(_ label: String) throws -> Double {
            let line = try XCTUnwrap(info.split(separator: "\n").first { $0.contains(label) }, info)
            return try XCTUnwrap(Double(line.split(separator: ":").last!.trimmingCharacters(in: .whitespaces)))
        }
        return [try value("Width:"), try value("Height:")]
    }

    func testTheDefaultWindowFitsASmallScreenAt192DPI() throws {
        let server = try hiDPIServer(width: 1280, height: 800)
        defer { server.stop() }
        let session = try RewrapSession(server: server, placed: false)
        let frame = try session.settledFrame()
        XCTAssertEqual(frame.node("menus.heading")?.rect.minX, 40, "drawn at 2x")
        let screen = try size(["-root"], server)
        XCTAssertEqual(screen, [1280, 800])
        // A tenth of each direction is left for the frame: 1152 × 720.
        XCTAssertEqual(frame.window, [(screen[0] * 0.9).rounded(.down), (screen[1] * 0.9).rounded(.down)])
        XCTAssertEqual(try size(["-id", session.windowID], server), frame.window, "the window on the server")
        XCTAssertEqual(session.stderr, "")
        session.stop()
    }

    func testTheDefaultWindowFitsTheWorkArea() throws {
        let server = try hiDPIServer(width: 1280, height: 800)
        defer { server.stop() }
        let set = try runCommand(["/usr/bin/xprop", "-root", "-f", "_NET_WORKAREA", "32c", "-set", "_NET_WORKAREA", "0,32,1280,700"],
                                 environment: ["DISPLAY": server.display])
        XCTAssertEqual(set.status, 0, set.stderr)
        let session = try RewrapSession(server: server, placed: false)
        XCTAssertEqual(try session.settledFrame().window, [1152, 630], "90 % of 1280 × 700")
        session.stop()
    }

    func testGeometryIsHonouredAsGiven() throws {
        let server = try hiDPIServer(width: 1280, height: 800)
        defer { server.stop() }
        let session = try RewrapSession(arguments: ["--geometry", "1360x840+0+0"], server: server)
        XCTAssertEqual(try session.settledFrame().window, [1360, 840])
        XCTAssertEqual(try size(["-id", session.windowID], server), [1360, 840])
        session.stop()
    }

    /// Two monitors (`xrandr --setmonitor`): the screen is wide and tall
    /// enough for the default, but the monitor the window opens on, the
    /// left one, is 1280 × 800.
    func testTheDefaultWindowFitsTheMonitorItOpensOn() throws {
        let server = try hiDPIServer(width: 2560, height: 1024)
        defer { server.stop() }
        let env = ["DISPLAY": server.display]
        for monitor in [["LEFT", "1280/340x800/212+0+0", "screen"], ["RIGHT", "1280/340x1024/270+1280+0", "none"]] {
            let set = try runCommand(["/usr/bin/xrandr", "--setmonitor"] + monitor, environment: env)
            XCTAssertEqual(set.status, 0, set.stderr)
        }
        XCTAssertEqual(try runCommand(["/usr/bin/xrandr", "--listmonitors"], environment: env).stdout.split(separator: "\n").first,
                       "Monitors: 2")
        let session = try RewrapSession(server: server, placed: false)
        try session.waitUntil("the window to fit the left monitor") { try session.lastFrame().window == [1152, 720] }
        XCTAssertEqual(try size(["-id", session.windowID], server), [1152, 720])
        session.stop()
    }
}
