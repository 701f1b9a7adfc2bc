import RewrapLayout
import RewrapTestFakes
import XCTest

final class ChipRowLayoutTests: XCTestCase {
    private let layout = ChipRowLayout(spacing: 8)
    private let chips = [72.0, 96, 64, 88].map { Size(width: $0, height: 28) }

    private func plan(_ available: Double, badge: Double = 60) -> ChipRowPlan {
        layout.plan(for: Proposal(width: available), items: ChipRowItems(chips: chips) { _ in Size(width: badge, height: 28) })
    }

    // rules §3.2, the worked example, row by row.
    func testWorkedExample() {
        let table: [(available: Double, visible: Int, hidden: Int, width: Double)] = [
            (344, 4, 0, 344), (343, 3, 1, 316), (300, 2, 2, 244), (220, 1, 3, 140), (60, 0, 4, 60),
        ]
        for row in table {
            let result = plan(row.available)
            XCTAssertEqual(result.visible, row.visible, "available \(row.available)")
            XCTAssertEqual(result.hidden, row.hidden, "available \(row.available)")
            XCTAssertEqual(result.size.width, row.width, "available \(row.available)")
        }
    }

    func testExactFitCountsAsFitting() {
        XCTAssertEqual(plan(344).visible, 4)
        XCTAssertEqual(plan(316).visible, 3)
        XCTAssertEqual(plan(315.99).visible, 2)
    }

    func testBadgeCountsTowardsFit() {
        // Three chips alone are 248 wide, but with the badge they need 316.
        XCTAssertEqual(plan(300).visible, 2)
    }

    func testBadgeShowsAloneWhenNothingFits() {
        let result = plan(10)
        XCTAssertEqual(result.visible, 0)
        XCTAssertEqual(result.hidden, 4)
        XCTAssertEqual(result.chipFrames, [])
        XCTAssertEqual(result.badgeFrame, Rect(x: 0, y: 0, width: 60, height: 28))
    }

    func testHiddenCountAlwaysEqualsRemainder() {
        for available in stride(from: 0.0, through: 400, by: 7) {
            let result = plan(available)
            XCTAssertEqual(result.visible + result.hidden, chips.count)
            XCTAssertEqual(result.badgeFrame == nil, result.hidden == 0)
        }
    }

    func testPrefixPolicyNeverSkipsToShorterChip() {
        // The second chip is huge; the third is tiny and would fit, but is never shown before it.
        let items = ChipRowItems(chips: [50, 500, 10].map { Size(width: $0, height: 20) }) { _ in Size(width: 40, height: 20) }
        let result = layout.plan(for: Proposal(width: 200), items: items)
        XCTAssertEqual(result.visible, 1)
        XCTAssertEqual(result.hidden, 2)
    }

    func testBadgeWidthDependsOnCount() {
        // "1 more" is wider here than "2 more", so 3 chips no longer fit.
        let items = ChipRowItems(chips: chips, badges: [100, 60, 60, 60].map { Size(width: $0, height: 28) })
        let result = layout.plan(for: Proposal(width: 343), items: items)
        XCTAssertEqual(result.visible, 2)
        XCTAssertEqual(result.candidateWidths, [60, 140, 244, 356, 344])
    }

    func testSameSpacingBetweenEveryNeighbour() {
        let result = plan(343)
        XCTAssertEqual(result.frames.map(\.minX), [0, 80, 184, 256])
    }

    func testNoChipsGiveZero() {
        let result = layout.plan(for: Proposal(width: 100), items: ChipRowItems(chips: [], badges: []))
        XCTAssertEqual(result.visible, 0)
        XCTAssertEqual(result.hidden, 0)
        XCTAssertEqual(result.size, .zero)
        XCTAssertNil(result.badgeFrame)
    }

    func testUnspecifiedProposalShowsEveryChip() {
        let result = layout.plan(for: .unspecified, items: ChipRowItems(chips: chips) { _ in Size(width: 60, height: 28) })
        XCTAssertEqual(result.visible, 4)
        XCTAssertEqual(result.size.width, 344)
    }

    func testNegativeSpacingIsTreatedAsZero() {
        let result = ChipRowLayout(spacing: -8).plan(for: Proposal(width: 320), items: ChipRowItems(chips: chips) { _ in Size(width: 60, height: 28) })
        XCTAssertEqual(result.visible, 4)
        XCTAssertEqual(result.size.width, 320)
    }
}
