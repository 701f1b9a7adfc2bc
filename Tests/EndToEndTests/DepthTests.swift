import Foundation
import RewrapScene
import RewrapTestDrivers
import XCTest

/// At 16, 24 and 30 bits the palette shows the same, to the precision of the
/// visual (rules §8.9): raw pixels read back from Xvfb are compared with the
/// palette rounded to the visual's masks, worked out in the test.
final class DepthTests: XCTestCase {
    private struct Sample {
        var name: String
        var point: (x: Int, y: Int)
        var color: Color
        /// Blended by the server, which may round either way: one level either side.
        var tolerance: Int
    }

    private func blend(_ top: Color, over bottom: Color) -> Color {
        func mix(_ a: Double, _ b: Double) -> Double { a * top.alpha + b * (1 - top.alpha) }
        return Color(red: mix(top.red, bottom.red), green: mix(top.green, bottom.green), blue: mix(top.blue, bottom.blue))
    }

    private func check(_ samples: [Sample], server: XvfbServer, depth: Int, theme: Theme) throws {
        let pixels = try ScreenPixels.read(samples.map(\.point), server: server)
        XCTAssertEqual(pixels.masks.map(\.nonzeroBitCount).reduce(0, +), depth,
                       "fixture: the server runs at depth \(depth)")
        for (index, sample) in samples.enumerated() {
            let expected = pixels.nearestLevels(red: sample.color.red, green: sample.color.green, blue: sample.color.blue)
            let shown = pixels.levels(index)
            for channel in 0..<3 {
                XCTAssertLessThanOrEqual(abs(shown[channel] - expected[channel]), sample.tolerance,
                                         "depth \(depth), \(theme), \(sample.name): shows \(shown), expected \(expected)")
            }
        }
    }

    private func checkDepth(_ depth: Int) throws {
        for theme in [Theme.light, .dark] {
            let palette = theme.palette
            let server = try XvfbServer(depth: depth)
            defer { server.stop() }
            let session = try RewrapSession(arguments: ["--theme", theme.rawValue, "--geometry", "480x420+0+0"], server: server)
            let frame = try session.settledFrame()
            let shape = try XCTUnwrap(frame.node("shape")), chip = try XCTUnwrap(frame.nodes("chip").first)
            // Inside the fills, clear of borders, rounded corners and labels.
            try check([
                Sample(name: "background", point: (5, 5), color: palette.background, tolerance: 0),
                Sample(name: "dropdown", point: (Int(shape.frame[0]) + 3, shape.center.y), color: palette.controlFill, tolerance: 0),
                Sample(name: "chip", point: (Int(chip.frame[0]) + 4, chip.center.y),
                       color: blend(palette.chipFill, over: palette.background), tolerance: 1),
            ], server: server, depth: depth, theme: theme)

            try session.key("Tab", "Return")
            try session.waitUntil("the popup") { try session.lastFrame().popup != nil }
            let popup = try XCTUnwrap(try session.lastFrame().popup)
            let row = try XCTUnwrap(popup.nodes.first { $0.selected }, "opened by the keyboard, the current option is highlighted")
            usleep(200_000)
            try check([
                Sample(name: "popup", point: (Int(popup.frame[0]) + 2, Int(popup.frame[1]) + 2), color: palette.popupFill, tolerance: 0),
                Sample(name: "highlight", point: (Int(popup.frame[0] + row.frame[0]) + 3, Int(popup.frame[1] + row.frame[1] + row.frame[3] / 2)),
                       color: palette.highlight, tolerance: 0),
            ], server: server, depth: depth, theme: theme)
            session.stop()
        }
    }

    func testColoursAtSixteenBits() throws {
        try checkDepth(16)
    }

    func testColoursAtTwentyFourBits() throws {
        try checkDepth(24)
    }

    func testColoursAtThirtyBits() throws {
        try checkDepth(30)
    }
}
