import RewrapLayout
import RewrapPanelFile

/// The layout rules a settled frame must satisfy, checked from the trace
/// alone. Each violation is a sentence naming the nodes involved.
///
///     var rules = LayoutRules(chipIDs: LayoutRules.shippedChipIDs)
///     rules.learn(from: session.frames())            // chip and badge widths seen so far
///     XCTAssertEqual(rules.violations(in: frame), [])
public struct LayoutRules {
    /// Read from the shipped panel, which PanelLoaderTests prove loads.
    public static let shippedChipIDs = try! PanelLoader.load(path: PanelFixture.shippedPath, reserving: []).chips.items.map(\.id.rawValue)

    public let chipIDs: [String]
    /// How many chips a badge's text says are hidden.
    private let badgeCount: (String) -> Int?
    private let padding: Double
    private let spacing: Double
    private let sectionSpacing: Double
    /// Widths seen in settled frames: chips by id, the badge by the count it shows.
    private var chipWidths: [String: Double] = [:]
    private var badgeWidths: [Int: Double] = [:]

    /// `badgeCount` reads the number a badge shows; by default its first
    /// run of digits, which every language's "N more" has but Arabic's and
    /// Hebrew's words for one and two.
    public init(chipIDs: [String], scale: Double = 1, badgeCount: @escaping (String) -> Int? = LayoutRules.digits(in:)) {
        self.chipIDs = chipIDs
        self.badgeCount = badgeCount
        padding = (20 * scale).rounded()
        spacing = (8 * scale).rounded()
        sectionSpacing = (16 * scale).rounded()
    }

    /// Remembers chip and badge widths, so that a later frame hiding a chip
    /// can be asked whether one more would really not have fitted.
    public mutating func learn(from frames: [TraceFrame]) {
        for frame in frames where !frame.animating {
            for chip in frame.nodes("chip") { chipWidths[chip.id] = chip.rect.width }
            if let badge = frame.node("badge"), let count = badgeCount(badge.text) { badgeWidths[count] = badge.rect.width }
        }
    }

    public func violations(in frame: TraceFrame) -> [String] {
        panelViolations(frame) + chipViolations(frame)
    }

    private func panelViolations(_ frame: TraceFrame) -> [String] {
        var problems: [String] = []
        let limit = frame.width - 2 * padding
        let rowStart = padding - frame.scroll[0]
        let dropdowns = frame.nodes("dropdown")
        if let first = dropdowns.first, first.rect.minX != rowStart {
            problems.append("\(first.id) starts at x \(first.rect.minX), not at the padding \(rowStart)")
        }
        var rowFirst = dropdowns.first
        var rowBottom = dropdowns.first?.rect.maxY ?? 0
        for (previous, node) in zip(dropdowns, dropdowns.dropFirst()) {
            if node.rect.minY == previous.rect.minY {
                if node.rect.minX != previous.rect.maxX + spacing {
                    problems.append("\(node.id) is not \(spacing) px after \(previous.id) on its row")
                }
                if node.rect.maxX - rowStart > limit {
                    problems.append("the row of \(rowFirst!.id) runs past the limit \(limit) at \(node.id)")
                }
                rowBottom = max(rowBottom, node.rect.maxY)
            } else {
                if node.rect.minX != rowStart || node.rect.minY != rowBottom + spacing {
                    problems.append("\(node.id) does not start a new row \(spacing) px under the row of \(rowFirst!.id)")
                }
                if previous.rect.maxX + spacing + node.rect.width - rowStart <= limit {
                    problems.append("\(node.id) wrapped although it fitted after \(previous.id)")
                }
                rowFirst = node
                rowBottom = node.rect.maxY
            }
        }
        if let footer = frame.node("menus.footer"), !dropdowns.isEmpty, footer.rect.minY != rowBottom + sectionSpacing {
            problems.append("menus.footer is at y \(footer.rect.minY), not \(sectionSpacing) px under the panel at \(rowBottom)")
        }
        return problems
    }

    private func chipViolations(_ frame: TraceFrame) -> [String] {
        var problems: [String] = []
        let limit = frame.width - 2 * padding
        let chips = frame.nodes("chip")
        let badge = frame.node("badge")
        let visible = chips.count, total = chipIDs.count
        if chips.map(\.id) != Array(chipIDs.prefix(visible)) {
            problems.append("chips \(chips.map(\.id)) are not the first \(visible) in order")
        }
        if visible < total {
            if let badge {
                if badgeCount(badge.text) != total - visible {
                    problems.append("badge says \"\(badge.text)\" but \(total - visible) chips are hidden")
                }
            } else {
                problems.append("\(total - visible) chips are hidden but no badge shows")
            }
        } else if badge != nil {
            problems.append("a badge shows although every chip is visible")
        }
        let row = chips + (badge.map { [$0] } ?? [])
        for (previous, node) in zip(row, row.dropFirst()) where node.rect.minY != previous.rect.minY
            || node.rect.minX != previous.rect.maxX + spacing {
            problems.append("\(node.id) is not \(spacing) px after \(previous.id) on the chip row")
        }
        if let first = row.first, let last = row.last, visible > 0, last.rect.maxX - first.rect.minX > limit {
            problems.append("the chip row is \(last.rect.maxX - first.rect.minX) wide, over the limit \(limit)")
        }
        // The largest prefix: one more chip, with its badge, must not fit.
        if visible < total, let next = chipWidths[chipIDs[visible]] {
            let shown = chipIDs.prefix(visible + 1).compactMap { chipWidths[$0] }
            let badgeWidth = visible + 1 < total ? badgeWidths[total - visible - 1] : 0
            if shown.count == visible + 1, let badgeWidth {
                let items = Double(visible + 1 + (visible + 1 < total ? 1 : 0))
                let candidate = shown.reduce(0, +) + badgeWidth + spacing * (items - 1)
                if candidate <= limit {
                    problems.append("\(chipIDs[visible]) (\(next) px) would have fitted: \(candidate) <= \(limit)")
                }
            }
        }
        return problems
    }

    public static func digits(in text: String) -> Int? {
        text.split(whereSeparator: { !$0.isNumber }).first.flatMap { Int($0) }
    }
}
