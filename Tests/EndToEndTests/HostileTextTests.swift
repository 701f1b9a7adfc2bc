import Foundation
import RewrapTestDrivers
import XCTest

/// Panels whose labels are built to hurt a text engine (Tests/Fixtures/
/// hostile-text): a tower of thousands of combining marks, bidi controls
/// that never close or close what never opened, joiners, and words thousands
/// of letters long. Each opens, settles, and draws nothing outside its
/// controls, in either direction.
final class HostileTextTests: XCTestCase {
    private let directory = PackagePaths.root + "/Tests/Fixtures/hostile-text/"
    /// The window's background.
    private let background = "#f7f7f8"

    private var panels: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }

    func testCorpusIsThere() {
        XCTAssertEqual(panels, ["combining-tower.json", "joiners.json", "long-word.json", "unbalanced-bidi.json"])
    }

    func testEveryHostilePanelDrawsWithinItsControls() throws {
        for panel in panels {
            for direction in ["ltr", "rtl"] {
                let session = try RewrapSession(arguments: ["--panel", directory + panel, "--direction", direction,
                                                            "--geometry", "600x420+0+0"])
                let frame = try session.settledFrame()
                XCTAssertEqual(session.stderr, "", "\(panel) \(direction)")
                XCTAssertEqual(frame.nodes("dropdown").count, 3, "\(panel) \(direction)")
                usleep(150_000)
                XCTAssertEqual(try inkOutsideNodes(session, frame), 0, "\(panel) \(direction): pixels inked outside every control")
                session.stop()
            }
        }
    }

    /// Window pixels that are not the background and lie outside every
    /// node's frame (widened by a pixel for antialiased edges) and the scroll
    /// indicators' strips along the edges: ImageMagick paints the frames over
    /// with the background, then counts what is left.
    private func inkOutsideNodes(_ session: RewrapSession, _ frame: TraceFrame) throws -> Int {
        let shot = try TemporaryFile(suffix: ".png")
        let capture = try runCommand(["/usr/bin/import", "-window", session.windowID, shot.path],
                                     environment: ["DISPLAY": session.server.display])
        XCTAssertEqual(capture.status, 0, capture.stderr)
        let width = Int(frame.width), height = Int(frame.height)
        var boxes = frame.nodes.map { node -> String in
            let box = node.rect
            return "rectangle \(Int(box.minX) - 1),\(Int(box.minY) - 1) \(Int(box.maxX)),\(Int(box.maxY))"
        }
        boxes += ["rectangle 0,\(height - 8) \(width),\(height)", "rectangle \(width - 8),0 \(width),\(height)",
                  "rectangle 0,0 7,\(height)"]
        let count = try runCommand(["/usr/bin/convert", shot.path, "-fill", background, "-draw", boxes.joined(separator: " "),
                                    "-fill", "black", "-opaque", background, "-fill", "white", "+opaque", "black",
                                    "-format", "%[fx:round(mean*w*h)]", "info:"])
        XCTAssertEqual(count.status, 0, count.stderr)
        return Int(count.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }
}
