import RewrapLayout
import RewrapTestFakes
import XCTest

final class FlowLayoutTests: XCTestCase {
    private let layout = FlowLayout(spacing: .constant(8))

    private func items(_ widths: [Double], height: Double = 24) -> [FlowItem] {
        widths.map { FlowItem(width: $0, height: height) }
    }

    private func origins(_ plan: FlowPlan) -> [Point] {
        plan.frames.map(\.origin)
    }

    // rules §2.4, the worked example, first half: 80 + 8 + 100 + 8 + 90 = 286 fits in 300.
    func testWorkedExampleThreeControlsShareOneRow() {
        let plan = layout.plan(for: Proposal(width: 300), items: items([80, 100, 90]))
        XCTAssertEqual(origins(plan), [Point(x: 0, y: 0), Point(x: 88, y: 0), Point(x: 196, y: 0)])
        XCTAssertEqual(plan.size, Size(width: 300, height: 24))
        XCTAssertEqual(plan.rows.count, 1)
        XCTAssertEqual(plan.rows[0].width, 286)
    }

    // Second half: the middle control grows to 150, so the third wraps to (0, 32).
    func testWorkedExampleThirdControlWrapsWhenMiddleGrows() {
        let plan = layout.plan(for: Proposal(width: 300), items: items([80, 150, 90]))
        XCTAssertEqual(origins(plan), [Point(x: 0, y: 0), Point(x: 88, y: 0), Point(x: 0, y: 32)])
        XCTAssertEqual(plan.size, Size(width: 300, height: 56))
        XCTAssertEqual(plan.rows.map(\.items), [0..<2, 2..<3])
        XCTAssertEqual(plan.rows[0].width, 238)
    }

    func testExactFitStaysOnRow() {
        // 100 + 8 + 192 = 300 exactly.
        let plan = layout.plan(for: Proposal(width: 300), items: items([100, 192]))
        XCTAssertEqual(plan.rows.count, 1)
        XCTAssertEqual(plan.frames[1].origin, Point(x: 108, y: 0))
    }

    func testOnePixelOverWraps() {
        let plan = layout.plan(for: Proposal(width: 299), items: items([100, 192]))
        XCTAssertEqual(plan.rows.count, 2)
        XCTAssertEqual(plan.frames[1].origin, Point(x: 0, y: 32))
    }

    func testExactFitWithDecimalsStaysOnRow() {
        // 100.1 + 8 + 191.9 sums to 300.00000000000006 in binary floating point.
        let plan = layout.plan(for: Proposal(width: 300), items: items([100.1, 191.9]))
        XCTAssertEqual(plan.rows.count, 1)
    }

    func testTallestControlSetsRowHeight() {
        let plan = layout.plan(for: Proposal(width: 200), items: [
            FlowItem(width: 50, height: 20), FlowItem(width: 50, height: 40), FlowItem(width: 150, height: 10),
        ])
        XCTAssertEqual(plan.rows[0].height, 40)
        XCTAssertEqual(plan.frames[2].origin, Point(x: 0, y: 48))
        XCTAssertEqual(plan.size.height, 58)
    }

    func testControlsAreTopAlignedInRow() {
        let plan = layout.plan(for: Proposal(width: 500), items: [FlowItem(width: 50, height: 20), FlowItem(width: 50, height: 40)])
        XCTAssertEqual(plan.frames.map(\.minY), [0, 0])
    }

    func testControlsKeepIdealSize() {
        let sizes = [Size(width: 120, height: 28), Size(width: 400, height: 30), Size(width: 10, height: 5)]
        let plan = layout.plan(for: Proposal(width: 100), items: sizes.map { FlowItem(size: $0) })
        XCTAssertEqual(plan.frames.map(\.size), sizes)
    }

    func testOversizedControlSitsAloneAndWidensReport() {
        let plan = layout.plan(for: Proposal(width: 300), items: items([50, 420, 50]))
        XCTAssertEqual(plan.rows.map(\.items), [0..<1, 1..<2, 2..<3])
        XCTAssertEqual(plan.size.width, 420)
    }

    func testOversizedFirstControlStillStartsAtOrigin() {
        let plan = layout.plan(for: Proposal(width: 100), items: items([420]))
        XCTAssertEqual(plan.frames, [Rect(x: 0, y: 0, width: 420, height: 24)])
        XCTAssertEqual(plan.size, Size(width: 420, height: 24))
    }

    func testFiniteLimitReportsLimitWhenRowsAreNarrower() {
        let plan = layout.plan(for: Proposal(width: 500), items: items([80, 100]))
        XCTAssertEqual(plan.size.width, 500)
    }

    func testUnspecifiedProposalGivesOneRowOfCombinedWidth() {
        let plan = layout.plan(for: .unspecified, items: items([80, 150, 90]))
        XCTAssertEqual(plan.rows.count, 1)
        XCTAssertEqual(plan.size, Size(width: 336, height: 24))
        XCTAssertNil(plan.limit)
    }

    func testInfiniteProposalGivesOneRowOfCombinedWidth() {
        let plan = layout.plan(for: .infinity, items: items([80, 150, 90]))
        XCTAssertEqual(plan.rows.count, 1)
        XCTAssertEqual(plan.size, Size(width: 336, height: 24))
    }

    func testZeroProposalPutsEachControlOnItsOwnRow() {
        let plan = layout.plan(for: .zero, items: items([80, 150, 90]))
        XCTAssertEqual(plan.rows.count, 3)
        XCTAssertEqual(plan.size, Size(width: 150, height: 24 * 3 + 16))
    }

    func testNoControlsGiveZeroWhateverTheProposal() {
        for proposal in [Proposal.unspecified, .zero, .infinity, Proposal(width: 300), Proposal(width: -5)] {
            let plan = layout.plan(for: proposal, items: [])
            XCTAssertEqual(plan.size, .zero, "\(proposal)")
            XCTAssertEqual(plan.frames, [])
        }
    }

    func testNegativeLimitIsTreatedAsZero() {
        let negative = layout.plan(for: Proposal(width: -40), items: items([80, 90]))
        let zero = layout.plan(for: Proposal(width: 0), items: items([80, 90]))
        XCTAssertEqual(negative, zero)
    }

    func testNegativeSpacingIsTreatedAsZero() {
        let plan = FlowLayout(spacing: .constant(-8)).plan(for: Proposal(width: 170), items: items([80, 90]))
        XCTAssertEqual(plan.frames[1].origin, Point(x: 80, y: 0))
        XCTAssertEqual(plan.size.height, 24)
    }

    func testPlacementAddsBoundsOrigin() {
        let plan = layout.plan(for: Proposal(width: 300), items: items([80, 150, 90]))
        let placed = plan.frames(in: Rect(x: 20, y: 52, width: 300, height: 56))
        XCTAssertEqual(placed.map(\.origin), [Point(x: 20, y: 52), Point(x: 108, y: 52), Point(x: 20, y: 84)])
    }

    func testSizeThatFitsAndPlacementReadTheSamePlan() {
        let subviews = items([80, 150, 90, 30, 200])
        let proposal = Proposal(width: 260)
        let size = layout.sizeThatFits(proposal, items: subviews)
        let placed = layout.placeItems(in: Rect(origin: .zero, size: size), proposal: proposal, items: subviews)
        XCTAssertEqual(placed, layout.plan(for: proposal, items: subviews).frames)
        XCTAssertEqual(Rect.union(of: placed).maxY, size.height)
    }

    func testPreferredSpacingUsesLargerOfNeighbours() {
        let preferred = FlowLayout(spacing: .preferred(default: 8))
        let plan = preferred.plan(for: Proposal(width: 1000), items: [
            FlowItem(width: 50, height: 20, preferredSpacing: 4),
            FlowItem(width: 50, height: 20, preferredSpacing: 16),
            FlowItem(width: 50, height: 20),
        ])
        XCTAssertEqual(plan.frames.map(\.minX), [0, 66, 132])
    }

    func testPreferredSpacingDecidesWrapping() {
        // 50 + 16 + 50 = 116 > 110, although a constant 8 would fit.
        let preferred = FlowLayout(spacing: .preferred(default: 8))
        let plan = preferred.plan(for: Proposal(width: 110), items: [
            FlowItem(width: 50, height: 20), FlowItem(width: 50, height: 20, preferredSpacing: 16),
        ])
        XCTAssertEqual(plan.rows.count, 2)
        XCTAssertEqual(plan.frames[1].origin, Point(x: 0, y: 36), "row gap is the largest preference of either row")
        XCTAssertEqual(plan.size.height, 56)
    }

    func testPreferredSpacingSizingMatchesPlacement() {
        let preferred = FlowLayout(spacing: .preferred(default: 6))
        let subviews = [FlowItem(width: 70, height: 20, preferredSpacing: 12), FlowItem(width: 70, height: 30),
                        FlowItem(width: 70, height: 20, preferredSpacing: 2)]
        let plan = preferred.plan(for: Proposal(width: 160), items: subviews)
        XCTAssertEqual(Rect.union(of: plan.frames).maxY, plan.size.height)
        XCTAssertEqual(plan.frames[1].minX, 82)
    }
}
