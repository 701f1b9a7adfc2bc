import RewrapLayout
import RewrapPanelFile
import RewrapScene
import RewrapTestSupport
import XCTest

/// Checks the reported breakpoints against a brute-force scan that lays the
/// page out at each whole width and compares what the user would see.
final class BreakpointsTests: XCTestCase {
    private let metrics = Metrics()

    private func scene(_ state: PanelState, width: Double) -> Scene {
        PageLayout(metrics: metrics, words: .english, measurer: FixedAdvanceMeasurer()).scene(for: state, viewportWidth: width)
    }

    private struct Decision: Equatable {
        /// How many dropdowns share each row, top to bottom.
        var rows: [Int]
        var visibleChips: Int
    }

    /// Read from the placed nodes, not from the plans, so the check does not
    /// trust the same values Breakpoints searches over.
    private func decision(_ state: PanelState, width: Double) -> Decision {
        let scene = scene(state, width: width)
        var rows: [Int] = []
        var lastTop: Double?
        for node in scene.nodes where node.kind == .dropdown {
            if node.frame.minY == lastTop { rows[rows.count - 1] += 1 } else { rows.append(1) }
            lastTop = node.frame.minY
        }
        return Decision(rows: rows, visibleChips: scene.nodes.filter { $0.kind == .chip }.count)
    }

    private func breakpoints(_ state: PanelState, width: Double) -> Breakpoints {
        Breakpoints(scene: scene(state, width: width), metrics: metrics, windowWidth: width)
    }

    private func states() throws -> [PanelState] {
        let start = PanelState(panel: try PanelLoader.load(path: PackagePaths.root + "/assets/panel.json"))
        var longer = start
        longer.select("Alternating diagonal lines", for: "pattern")
        longer.select("Evenly spaced columns", for: "arrangement")
        return [start, longer]
    }

    private let windows: [Double] = [900, 680, 606, 605, 472, 471, 400, 300, 120]

    func testNarrowerIsTheWidestWidthThatLaysOutDifferently() throws {
        for state in try states() {
            for window in windows {
                let current = decision(state, width: window)
                let expected = stride(from: window - 1, through: 0, by: -1).first { decision(state, width: $0) != current }
                XCTAssertEqual(breakpoints(state, width: window).narrower, expected, "window \(window)")
            }
        }
    }

    func testWiderIsTheNarrowestWidthThatLaysOutDifferently() throws {
        for state in try states() {
            for window in windows {
                let current = decision(state, width: window)
                // Past 2000 px every dropdown and chip of these panels sits on one row.
                let expected = stride(from: window + 1, through: 2000, by: 1).first { decision(state, width: $0) != current }
                XCTAssertEqual(breakpoints(state, width: window).wider, expected, "window \(window)")
            }
        }
    }

    func testShippedPanelAt680ChangesFirstWhenAChipIsGivenUp() throws {
        // All six chips need 62 + 111 + 62 + 118 + 104 + 69 + 5 × 8 = 566 px, so
        // a 605 px window (565 inside the padding) is the first to hide one,
        // long before the dropdowns (432 px) wrap. Nothing changes wider.
        let state = try states()[0]
        XCTAssertEqual(decision(state, width: 606).visibleChips, 6)
        XCTAssertEqual(decision(state, width: 605).visibleChips, 5)
        let result = breakpoints(state, width: 680)
        XCTAssertEqual(result.narrower, 605)
        XCTAssertNil(result.wider)
    }
}
