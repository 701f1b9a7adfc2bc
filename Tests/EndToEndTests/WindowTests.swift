import Foundation
import RewrapTestDrivers
import XCTest

/// The real window on a private Xvfb, driven with xdotool (rules §1–§4).
final class WindowTests: XCTestCase {
    private let chipCount = 6

    func testLaunchShowsEveryNodeAtItsIdealSize() throws {
        let session = try RewrapSession()
        let frame = try session.settledFrame()
        XCTAssertEqual(frame.window, [680, 420])
        XCTAssertEqual(frame.nodes("dropdown").map(\.text), ["Shape: Circle", "Pattern: Solid", "Arrangement: Rows"])
        XCTAssertEqual(frame.node("menus.heading")?.kind, "heading")
        XCTAssertEqual(frame.node("menus.heading")?.text, "Layout options")
        XCTAssertEqual(frame.node("menus.footer")?.kind, "text")
        XCTAssertEqual(frame.node("chips.heading")?.text, "Sample labels")
        XCTAssertEqual(frame.node("chips.footer")?.text, "Resize the window to change how many labels fit.")
        XCTAssertEqual(frame.node("menus.heading")?.rect.minX, 20)
        XCTAssertEqual(frame.node("menus.heading")?.rect.minY, 20)
        XCTAssertNil(frame.popup)
        XCTAssertEqual(session.violations(in: frame), [])
        for node in frame.nodes {
            XCTAssertEqual(node.frame, node.target, "\(node.id) is at rest")
        }
    }

    func testWindowAdvertisesItselfToTheDesktop() throws {
        let session = try RewrapSession()
        let result = try runCommand(["/usr/bin/xprop", "-id", session.windowID, "_NET_WM_NAME", "WM_CLASS", "_NET_WM_PID",
                                     "WM_NORMAL_HINTS", "WM_PROTOCOLS"], environment: ["DISPLAY": session.server.display])
        XCTAssertTrue(result.stdout.contains("_NET_WM_NAME(UTF8_STRING) = \"Rewrap\""), result.stdout)
        XCTAssertTrue(result.stdout.contains("WM_CLASS(STRING) = \"rewrap\", \"Rewrap\""), result.stdout)
        XCTAssertTrue(result.stdout.contains("_NET_WM_PID(CARDINAL) = \(session.process.processIdentifier)"), result.stdout)
        XCTAssertTrue(result.stdout.contains("program specified minimum size: 320 by 240"), result.stdout)
        XCTAssertTrue(result.stdout.contains("WM_DELETE_WINDOW"), result.stdout)
    }

    func testGeometryOptionSetsSizeAndPosition() throws {
        let session = try RewrapSession(arguments: ["--geometry", "500x300+30+40"])
        let frame = try session.settledFrame()
        XCTAssertEqual(frame.window, [500, 300])
        let origin = try session.windowOrigin()
        XCTAssertEqual(origin.x, 30)
        XCTAssertEqual(origin.y, 40)
    }

    func testResizeReflowsWrapsAndKeepsChipPrefix() throws {
        let session = try RewrapSession()
        let wide = try session.settledFrame()
        XCTAssertEqual(Set(wide.nodes("dropdown").map(\.rect.minY)).count, 1, "one row at 680 px")

        for width in [700, 340] {
            try session.resize(width: width, height: 420)
            try session.waitUntil("the \(width) px frame") { try session.lastFrame().width == Double(width) }
            let settled = try session.lastFrame()
            XCTAssertFalse(settled.animating, "a resize is not animated")
            // Widths learned at 680 px let the rules check that no further chip would fit.
            XCTAssertEqual(session.violations(in: settled), [], "at \(width) px")
            if width == 340 {
                let rows = Set(settled.nodes("dropdown").map(\.rect.minY))
                XCTAssertGreaterThan(rows.count, 1, "dropdowns wrap at 340 px")
                let panelBottom = settled.nodes("dropdown").map(\.rect.maxY).max()!
                XCTAssertEqual(settled.node("menus.footer")!.rect.minY, panelBottom + 16, "the footer follows the panel")
                XCTAssertNotNil(settled.node("badge"), "not every chip fits at 340 px")
            } else {
                XCTAssertEqual(settled.nodes("chip").count, chipCount, "every chip fits at 700 px")
                XCTAssertNil(settled.node("badge"))
            }
        }
    }

    func testPickingALongerOptionChangesTheLabelAndReflows() throws {
        let session = try RewrapSession(arguments: ["--reduce-motion"])
        let start = try session.settledFrame()
        try session.click(start.node("pattern")!.center)
        try session.waitUntil("the popup") { try session.lastFrame().popup != nil }
        let open = try session.lastFrame()
        let popup = try XCTUnwrap(open.popup)
        XCTAssertEqual(popup.owner, "pattern")
        XCTAssertEqual(popup.nodes.map(\.id), ["pattern/Solid", "pattern/Alternating diagonal lines"])
        XCTAssertEqual(popup.nodes.map(\.selected), [true, false])
        XCTAssertEqual(popup.frame[1], Double(open.node("pattern")!.rect.maxY) + 4, "just below the button")

        try session.clickRoot(popup.center(of: 1))
        try session.waitUntil("the new label") { try session.lastFrame().node("pattern")?.text == "Pattern: Alternating diagonal lines" }
        let after = try session.settledFrame()
        XCTAssertNil(after.popup)
        XCTAssertGreaterThan(after.node("pattern")!.rect.width, start.node("pattern")!.rect.width)
        XCTAssertGreaterThan(after.node("arrangement")!.rect.minX, start.node("arrangement")!.rect.minX, "its neighbour moved along")
        XCTAssertEqual(session.violations(in: after), [])
    }

    func testEscapeClosesThePopupWithNothingChanged() throws {
        let session = try RewrapSession()
        let start = try session.settledFrame()
        try session.click(start.node("shape")!.center)
        try session.waitUntil("the popup") { try session.lastFrame().popup != nil }
        try session.key("Escape")
        try session.waitUntil("the popup to close") { try session.lastFrame().popup == nil }
        XCTAssertEqual(try session.helper(["popups"]).stdout, "", "no popup window is left mapped")
        XCTAssertEqual(try session.lastFrame().nodes("dropdown").map(\.text), start.nodes("dropdown").map(\.text))
    }

    func testClickOutsideClosesThePopupWithNothingChanged() throws {
        let session = try RewrapSession()
        let start = try session.settledFrame()
        try session.click(start.node("arrangement")!.center)
        try session.waitUntil("the popup") { try session.lastFrame().popup != nil }
        try session.click((600, 380))
        try session.waitUntil("the popup to close") { try session.lastFrame().popup == nil }
        XCTAssertEqual(try session.lastFrame().nodes("dropdown").map(\.text), start.nodes("dropdown").map(\.text))
    }

    /// In the bottom-right corner, the menu flips above its button and moves left.
    func testPopupNearTheScreenEdgeStaysOnScreen() throws {
        let server = try XvfbServer(width: 800, height: 600)
        defer { server.stop() }
        let session = try RewrapSession(arguments: ["--geometry", "400x160+640+430"], server: server)
        let start = try session.settledFrame()
        let button = try XCTUnwrap(start.node("arrangement"))
        try session.click(button.center)
        try session.waitUntil("the popup") { try session.lastFrame().popup != nil }
        let popup = try XCTUnwrap(try session.lastFrame().popup)
        XCTAssertEqual(popup.owner, "arrangement")
        let buttonLeft = 640 + button.rect.minX, buttonTop = 430 + button.rect.minY
        XCTAssertEqual(popup.frame[0] + popup.frame[2], 800, "moved left just enough")
        XCTAssertLessThan(popup.frame[0], buttonLeft)
        XCTAssertLessThanOrEqual(popup.frame[1] + popup.frame[3], buttonTop, "flipped above the button")
        XCTAssertGreaterThanOrEqual(popup.frame[1], 0)
        session.stop()
    }

    func testWheelScrollsTallContent() throws {
        let session = try RewrapSession(arguments: ["--geometry", "340x240+0+0"])
        let start = try session.settledFrame()
        XCTAssertEqual(start.scroll, [0, 0])
        let before = session.frames().count
        try session.click((170, 120), button: 5)
        try session.waitUntil("a scrolled frame") { try session.frames().count > before && session.lastFrame().scroll[1] > 0 }
        let scrolled = try session.lastFrame()
        XCTAssertEqual(scrolled.node("menus.heading")!.rect.minY, 20 - scrolled.scroll[1], "frames are reported scrolled")
    }

    func testDeleteWindowExitsCleanly() throws {
        let session = try RewrapSession()
        try session.helper(["close", session.windowID])
        XCTAssertEqual(session.waitForExit(timeout: 5), 0)
    }

    func testResizeWithAMenuOpenClosesIt() throws {
        let session = try RewrapSession()
        let start = try session.settledFrame()
        try session.click(start.node("pattern")!.center)
        try session.waitUntil("the popup") { try session.lastFrame().popup != nil }
        try session.resize(width: 400, height: 420)
        try session.waitUntil("the narrow frame") { try session.lastFrame().width == 400 }
        XCTAssertNil(try session.lastFrame().popup, "the menu would point at where its button was")
        XCTAssertEqual(try session.helper(["popups"]).stdout, "")
        XCTAssertEqual(try session.lastFrame().node("pattern")?.text, "Pattern: Solid")
    }

    /// The burst ends laid out exactly as a window opened at the last size,
    /// and no frame at an earlier size follows the last one.
    func testBurstOfResizesEndsAtTheLastSize() throws {
        let session = try RewrapSession()
        try session.settledFrame()
        let before = session.frames().count
        try session.xdotool(["windowsize", session.windowID, "400", "420", "windowsize", session.windowID, "500", "420"])
        try session.waitUntil("the last size") { try session.lastFrame().width == 500 }
        usleep(300_000)
        let burst = session.frames().dropFirst(before)
        let firstAtLastSize = try XCTUnwrap(burst.firstIndex { $0.width == 500 })
        XCTAssertTrue(burst[firstAtLastSize...].allSatisfy { $0.window == [500, 420] }, "an earlier size came back")

        let fresh = try RewrapSession(arguments: ["--geometry", "500x420+0+0"], server: session.server)
        let expected = try fresh.settledFrame()
        let got = try session.lastFrame()
        XCTAssertEqual(got.nodes.map(\.id), expected.nodes.map(\.id))
        for (node, reference) in zip(got.nodes, expected.nodes) {
            XCTAssertEqual(node.frame, reference.frame, node.id)
        }
        fresh.stop()
    }

    /// Narrower than it has been, the window draws into the larger buffer it
    /// kept: its pixels must be those of a window opened at that size.
    func testNarrowedWindowShowsTheSamePixelsAsOneOpenedAtItsSize() throws {
        let session = try RewrapSession(arguments: ["--geometry", "680x420+0+0"])
        try session.parkPointer()
        try session.settledFrame()
        for width in [1000, 450] {
            try session.resize(width: width, height: 420)
            try session.waitUntil("\(width) px") { try session.lastFrame().width == Double(width) }
        }
        usleep(300_000)
        let shots = ["narrowed", "fresh"].map { NSTemporaryDirectory() + "rewrap-\($0)-\(UUID().uuidString).png" }
        defer { for shot in shots { try? FileManager.default.removeItem(atPath: shot) } }
        // Captured before the fresh window covers it: Xvfb keeps no pixels of a covered window.
        try session.capture(to: shots[0])
        let fresh = try RewrapSession(arguments: ["--geometry", "450x420+0+0"], server: session.server)
        try fresh.settledFrame()
        usleep(300_000)
        try fresh.capture(to: shots[1])
        fresh.stop()
        // ImageMagick's compare prints the number of differing pixels on stderr.
        let compare = try runCommand(["/usr/bin/compare", "-metric", "AE", shots[0], shots[1], "null:"])
        XCTAssertEqual(compare.stderr.trimmingCharacters(in: .whitespacesAndNewlines), "0", "pixels that differ")
    }

    /// A burst that returns to the current size must leave that size laid
    /// out, not the one in between.
    func testBurstBackToTheFirstSizeLaysOutThatSize() throws {
        let session = try RewrapSession()
        try session.settledFrame()
        try session.xdotool(["windowsize", session.windowID, "400", "420", "windowsize", session.windowID, "680", "420"])
        usleep(300_000)
        let frame = try session.lastFrame()
        XCTAssertEqual(frame.window, [680, 420])
        XCTAssertEqual(Set(frame.nodes("dropdown").map(\.rect.minY)).count, 1, "laid out at 680, not 400")
    }
}
