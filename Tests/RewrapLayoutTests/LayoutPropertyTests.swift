import RewrapLayout
import RewrapTestFakes
import XCTest

/// Thousands of seeded random item sets; a failure names its seed and case.
final class LayoutPropertyTests: XCTestCase {
    private let seed: UInt64 = 0x5EED_2026
    private let cases = 3_000

    private func randomProposal(_ rng: inout SeededGenerator) -> Proposal {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: return .unspecified
        case 1: return .infinity
        case 2: return Proposal(width: Double(Int.random(in: -20...0, using: &rng)))
        default: return Proposal(width: Double(Int.random(in: 1...800, using: &rng)) / Double(Int.random(in: 1...2, using: &rng)))
        }
    }

    private func randomItems(_ rng: inout SeededGenerator) -> [FlowItem] {
        (0..<Int.random(in: 0...24, using: &rng)).map { _ in
            FlowItem(width: Double(Int.random(in: 0...300, using: &rng)),
                     height: Double(Int.random(in: 0...60, using: &rng)),
                     preferredSpacing: Bool.random(using: &rng) ? Double(Int.random(in: 0...20, using: &rng)) : nil)
        }
    }

    func testFlowPropertiesHoldForRandomItems() {
        var rng = SeededGenerator(seed: seed)
        for index in 0..<cases {
            let items = randomItems(&rng)
            let proposal = randomProposal(&rng)
            let spacing: Spacing = Bool.random(using: &rng)
                ? .constant(Double(Int.random(in: -4...16, using: &rng)))
                : .preferred(default: Double(Int.random(in: 0...12, using: &rng)))
            let plan = FlowLayout(spacing: spacing).plan(for: proposal, items: items)
            let label = "seed \(seed) case \(index): \(items.count) items, \(proposal), \(spacing)"

            XCTAssertEqual(plan.frames.count, items.count, label)
            XCTAssertEqual(plan.frames.map(\.size), items.map(\.size), "ideal sizes kept; \(label)")

            // Order: rows cover the items in order, and x grows within a row.
            XCTAssertEqual(plan.rows.flatMap { Array($0.items) }, Array(items.indices), label)
            for row in plan.rows {
                for index in row.items.dropFirst() {
                    XCTAssertGreaterThanOrEqual(plan.frames[index].minX, plan.frames[index - 1].maxX, label)
                }
            }
            for pair in zip(plan.rows, plan.rows.dropFirst()) {
                XCTAssertGreaterThanOrEqual(pair.1.minY, pair.0.maxY, label)
            }

            // No overlap, among items with area.
            let solid = plan.frames.filter { $0.width > 0 && $0.height > 0 }
            for i in solid.indices {
                for j in solid.indices where j > i {
                    XCTAssertFalse(solid[i].overlaps(solid[j]), "\(solid[i]) overlaps \(solid[j]); \(label)")
                }
            }

            // Every wrap was needed: a row's first item would not have fitted on the row before.
            if let limit = proposal.widthLimit {
                for (previous, row) in zip(plan.rows, plan.rows.dropFirst()) {
                    let first = plan.frames[row.items.lowerBound].width
                    let gap = spacingGap(spacing, items[row.items.lowerBound - 1], items[row.items.lowerBound])
                    XCTAssertGreaterThan(previous.width + gap + first, limit + 1e-9 * max(1, limit), "needless wrap; \(label)")
                }
            }

            // Every row fits unless it holds a single item.
            if let limit = proposal.widthLimit {
                for row in plan.rows where row.items.count > 1 {
                    XCTAssertLessThanOrEqual(row.width, limit + 1e-6, label)
                }
            } else {
                XCTAssertLessThanOrEqual(plan.rows.count, 1, label)
            }

            // The reported size equals the bounds of the placed frames.
            let bounds = Rect.union(of: plan.frames)
            if items.isEmpty {
                XCTAssertEqual(plan.size, .zero, label)
            } else {
                XCTAssertEqual(plan.size.height, bounds.maxY, label)
                XCTAssertEqual(plan.size.width, Swift.max(proposal.widthLimit ?? 0, bounds.maxX), label)
            }
        }
    }

    /// The gap the rules give two neighbours, worked out here from rules §2.5
    /// rather than taken from the layout.
    private func spacingGap(_ spacing: Spacing, _ leading: FlowItem, _ trailing: FlowItem) -> Double {
        switch spacing {
        case .constant(let value): return max(0, value)
        case .preferred(let fallback):
            return max(max(0, leading.preferredSpacing ?? fallback), max(0, trailing.preferredSpacing ?? fallback))
        }
    }

    func testChipRowChoiceEqualsBruteForce() {
        var rng = SeededGenerator(seed: seed ^ 2)
        for index in 0..<cases {
            let n = Int.random(in: 0...16, using: &rng)
            let chips = (0..<n).map { _ in Size(width: Double(Int.random(in: 0...150, using: &rng)), height: 20) }
            let badges = (0..<n).map { _ in Size(width: Double(Int.random(in: 20...90, using: &rng)), height: 20) }
            let spacing = Double(Int.random(in: 0...12, using: &rng))
            let available = Double(Int.random(in: 0...900, using: &rng))
            let plan = ChipRowLayout(spacing: spacing).plan(for: Proposal(width: available), chips: chips, badges: badges)
            let label = "seed \(seed ^ 2) case \(index)"

            // Brute force: build every candidate row from scratch.
            func candidateWidth(_ k: Int) -> Double {
                var widths = chips.prefix(k).map(\.width)
                if k < n { widths.append(badges[n - k - 1].width) }
                return widths.reduce(0, +) + spacing * Double(Swift.max(0, widths.count - 1))
            }
            let expected = (0...n).last { candidateWidth($0) <= available } ?? 0
            XCTAssertEqual(plan.visible, expected, label)
            XCTAssertEqual(plan.hidden, n - expected, label)
            XCTAssertEqual(plan.size.width, candidateWidth(expected), label)
            XCTAssertEqual(plan.candidateWidths, (0...n).map(candidateWidth), label)
            XCTAssertEqual(Rect.union(of: plan.frames).maxX, plan.size.width, label)
            if expected > 0 || n == 0 {
                XCTAssertLessThanOrEqual(plan.size.width, available, label)
            }
        }
    }

    /// rules §7.3: every rule of §2 and §3 holds mirrored. Mirroring a right-to-left
    /// plan by hand (x' = width − x − w) gives the left-to-right plan of the same items.
    func testRightToLeftPlansMirrorLeftToRightPlans() {
        var rng = SeededGenerator(seed: seed ^ 3)
        func mirrored(_ frames: [Rect], within width: Double) -> [Rect] {
            frames.map { Rect(x: width - $0.minX - $0.width, y: $0.minY, width: $0.width, height: $0.height) }
        }
        for index in 0..<cases {
            let label = "seed \(seed ^ 3) case \(index)"
            let items = randomItems(&rng)
            let proposal = randomProposal(&rng)
            let spacing = Spacing.constant(Double(Int.random(in: 0...16, using: &rng)))
            let ltr = FlowLayout(spacing: spacing).plan(for: proposal, items: items)
            let rtl = FlowLayout(spacing: spacing, direction: .rightToLeft).plan(for: proposal, items: items)
            XCTAssertEqual(rtl.size, ltr.size, label)
            XCTAssertEqual(rtl.rows, ltr.rows, label)
            XCTAssertEqual(mirrored(rtl.frames, within: rtl.size.width), ltr.frames, label)
            // Each row starts at the right edge.
            for row in rtl.rows where !row.items.isEmpty {
                XCTAssertEqual(rtl.frames[row.items.lowerBound].maxX, rtl.size.width, accuracy: 1e-9, label)
            }

            let chips = items.map(\.size)
            let badges = chips.map { _ in Size(width: Double(Int.random(in: 20...90, using: &rng)), height: 20) }
            let row = ChipRowLayout(spacing: 8).plan(for: proposal, chips: chips, badges: badges)
            let mirroredRow = ChipRowLayout(spacing: 8, direction: .rightToLeft).plan(for: proposal, chips: chips, badges: badges)
            XCTAssertEqual(mirroredRow.visible, row.visible, label)
            XCTAssertEqual(mirroredRow.size, row.size, label)
            XCTAssertEqual(mirrored(mirroredRow.frames, within: mirroredRow.size.width), row.frames, label)
            if let badge = mirroredRow.badgeFrame {
                XCTAssertEqual(badge.minX, 0, accuracy: 1e-9, "the badge is the row's left end; \(label)")
            }
        }
    }
}
