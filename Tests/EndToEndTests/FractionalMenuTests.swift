import Foundation
import RewrapTestDrivers
import XCTest

/// A menu at a fractional scale on kwin, the one compositor here that
/// offers `wp_fractional_scale_v1` (rules §10): its buffer holds whole
/// logical pixels, and the menu is drawn to fill it, so its right border is
/// the buffer's last column, with no stray column of fill beside it.
final class FractionalMenuTests: XCTestCase {
    func testAMenuFillsItsBufferWithNoStrayColumnAtEachFractionalScale() throws {
        for scale in [1.25, 1.5, 1.75] {
            let kwin = try KWinServer(scale: scale)
            defer { kwin.stop() }
            let rewrap = try WalkProcess(["--geometry", "720x480"], environment: kwin.clientEnvironment)
            defer { rewrap.stop() }
            try waitFor("kwin to show the window at \(scale)") { try kwin.window(pid: rewrap.pid) != nil && !rewrap.frames().isEmpty }
            usleep(300_000)
            let window = try XCTUnwrap(try kwin.window(pid: rewrap.pid))
            let button = try XCTUnwrap(rewrap.frames().last?.node("arrangement"))
            try kwin.click(x: window.x + (Double(button.center.x) + 0.5) / scale, y: window.y + (Double(button.center.y) + 0.5) / scale)
            try waitFor("the menu at \(scale)") { rewrap.frames().last?.popup?.owner == "arrangement" }
            usleep(400_000)
            let popup = try XCTUnwrap(rewrap.frames().last?.popup)
            let shot = try TemporaryFile(suffix: ".png")
            try kwin.screenshot(to: shot.path)
            let screen = try RGBImage(contentsOf: shot.path)
            // The menu's place on the screen: the window's, plus the menu's in window pixels.
            let left = Int((window.x * scale).rounded()) + Int(popup.rect.minX), top = Int((window.y * scale).rounded()) + Int(popup.rect.minY)
            let width = Int(popup.rect.width), height = Int(popup.rect.height)
            // The whole logical pixels that hold the menu, drawn at the scale: the traced width is the buffer's.
            let logical = (Double(width) / scale).rounded()
            XCTAssertEqual(Double(width), (logical * scale).rounded(), "at \(scale): a buffer of whole logical pixels")
            // Along the menu's middle rows, the right border is dark, and is found within a pixel of the traced edge.
            let rows = (top + height / 4)..<(top + 3 * height / 4)
            func darkness(_ x: Int) -> Double {
                let dark = rows.filter { y in let p = screen[x, y]; return Int(p.red) + Int(p.green) + Int(p.blue) < 3 * 160 }
                return Double(dark.count) / Double(rows.count)
            }
            // kwin puts a window at a fractional place from a pixel of its own
            // choosing: the left border is looked for within a pixel, and the
            // right one must be exactly the traced width from it.
            func strongest(near x: Int) -> Int { [x - 1, x, x + 1].max { darkness($0) < darkness($1) }! }
            let leftBorder = strongest(near: left)
            let rightBorder = leftBorder + width - 1
            XCTAssertGreaterThan(darkness(leftBorder), 0.9, "at \(scale): the menu's left border, in \(shot.path)")
            XCTAssertGreaterThan(darkness(rightBorder), 0.9, "at \(scale): the right border is the buffer's last column, in \(shot.path)")
            // Nothing of the menu right of its border: no stray column of fill.
            let beyond = rows.map { screen[rightBorder + 1, $0] }
            let fill = rows.map { screen[rightBorder - 4, $0] }
            XCTAssertNotEqual(beyond, fill, "at \(scale): the column right of the border is not the menu's fill")
        }
    }

    private func waitFor(_ what: String, timeout: Double = 10, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if (try? condition()) == true { return }
            usleep(50_000)
        }
        throw TestFailure("timed out waiting for \(what)")
    }
}
