import Foundation
import RewrapTestDrivers
import XCTest

/// The end-to-end rules must catch the layouts rules §2 and §3 forbid, or the
/// soak proves nothing. Frames here are written by hand at 400 px (limit 360).
final class LayoutRulesTests: XCTestCase {
    private let chipIDs = ["a", "b", "c"]

    private func frame(dropdowns: [[Double]], footerY: Double, chips: [(String, [Double])], badge: (String, [Double])?,
                       animating: Bool = false) throws -> TraceFrame {
        func node(_ id: String, _ kind: String, _ text: String, _ box: [Double]) -> String {
            #"{"id": "\#(id)", "kind": "\#(kind)", "text": "\#(text)", "frame": \#(box), "target": \#(box)}"#
        }
        var nodes = dropdowns.enumerated().map { node("d\($0.offset)", "dropdown", "D", $0.element) }
        nodes.append(node("menus.footer", "text", "F", [20, footerY, 100, 17]))
        nodes += chips.map { node($0.0, "chip", $0.0, $0.1) }
        if let badge { nodes.append(node("badge", "badge", badge.0, badge.1)) }
        let json = #"{"frame": 1, "time": 0, "window": [400, 300], "animating": \#(animating), "scroll": [0, 0], "nodes": [\#(nodes.joined(separator: ", "))], "popup": null}"#
        return try JSONDecoder().decode(TraceFrame.self, from: Data(json.utf8))
    }

    private func violations(_ frame: TraceFrame, learning: [TraceFrame] = []) -> [String] {
        var rules = LayoutRules(chipIDs: chipIDs)
        rules.learn(from: learning)
        return rules.violations(in: frame)
    }

    private var goodChips: [(String, [Double])] { [("a", [20, 200, 100, 28]), ("b", [128, 200, 100, 28])] }

    func testValidFramePasses() throws {
        let good = try frame(dropdowns: [[20, 50, 150, 28], [178, 50, 150, 28], [20, 86, 200, 28]], footerY: 130,
                             chips: goodChips, badge: ("1 more", [236, 200, 60, 28]))
        XCTAssertEqual(violations(good), [])
    }

    func testUnneededWrapIsCaught() throws {
        let early = try frame(dropdowns: [[20, 50, 150, 28], [20, 86, 150, 28]], footerY: 130,
                              chips: goodChips, badge: ("1 more", [236, 200, 60, 28]))
        XCTAssertEqual(violations(early).count, 1)
    }

    func testFooterAwayFromThePanelIsCaught() throws {
        let stranded = try frame(dropdowns: [[20, 50, 150, 28]], footerY: 140, chips: goodChips, badge: ("1 more", [236, 200, 60, 28]))
        XCTAssertEqual(violations(stranded).count, 1)
    }

    func testSkippedChipIsCaught() throws {
        let skipped = try frame(dropdowns: [[20, 50, 150, 28]], footerY: 94,
                                chips: [("a", [20, 200, 100, 28]), ("c", [128, 200, 100, 28])], badge: ("1 more", [236, 200, 60, 28]))
        XCTAssertFalse(violations(skipped).isEmpty)
    }

    func testWrongBadgeCountIsCaught() throws {
        let miscounted = try frame(dropdowns: [[20, 50, 150, 28]], footerY: 94, chips: goodChips, badge: ("2 more", [236, 200, 60, 28]))
        XCTAssertEqual(violations(miscounted).count, 1)
    }

    func testChipThatWouldFitIsCaught() throws {
        let everything = try frame(dropdowns: [[20, 50, 150, 28]], footerY: 94,
                                   chips: [("a", [20, 200, 100, 28]), ("b", [128, 200, 100, 28]), ("c", [236, 200, 50, 28])],
                                   badge: nil)
        // "c" is 50 wide and fits in 360 after a and b, yet only the badge shows for it.
        let timid = try frame(dropdowns: [[20, 50, 150, 28]], footerY: 94, chips: goodChips, badge: ("1 more", [236, 200, 60, 28]))
        XCTAssertEqual(violations(timid), [], "without widths, the rule cannot judge")
        XCTAssertEqual(violations(timid, learning: [everything]).count, 1)
    }
}
