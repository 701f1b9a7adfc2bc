/// Places items in order, left to right, starting a new row when the next
/// item would pass the proposed width (SwiftUI's WrappingControls).
///
///     let layout = FlowLayout(spacing: .constant(8))
///     let plan = layout.plan(for: Proposal(width: 300),
///                            items: [80, 150, 90].map { FlowItem(width: $0, height: 24) })
///     plan.frames[2].origin   // (0, 32): 80 + 8 + 150 + 8 + 90 = 336 > 300
///     plan.size               // 300 × 56
///
/// Rules:
/// - Items keep their ideal size; none is squeezed to stay on a row.
/// - An item wraps when its row is not empty and `x + gap + width > limit`,
///   so an item that exactly reaches the limit stays.
/// - Rows are as tall as their tallest item; items are top-aligned.
/// - An item wider than the limit sits alone and widens the reported size.
/// - An unspecified or infinite proposal gives one row.
/// - Right to left, rows fill from the right edge: every rule holds mirrored.
///
/// See also `ChipRowLayout`, which shows a prefix instead of wrapping.
public struct FlowLayout: Layout, Sendable {
    public var spacing: Spacing
    public var direction: LayoutDirection

    /// A flow with `spacing` between items and rows, filling rows in `direction`.
    public init(spacing: Spacing = .constant(8), direction: LayoutDirection = .leftToRight) {
        self.spacing = spacing
        self.direction = direction
    }

    public func plan(for proposal: Proposal, items: [FlowItem]) -> FlowPlan {
        let limit = proposal.widthLimit
        guard !items.isEmpty else {
            return FlowPlan(limit: limit, rows: [], frames: [], size: .zero)
        }
        let wrapAt = limit ?? .infinity

        // Pass 1 decides rows and x positions; only widths matter for that.
        var rows: [FlowRow] = []
        var frames: [Rect] = []
        frames.reserveCapacity(items.count)
        var row = FlowRow(items: 0..<0, minY: 0, width: 0, height: 0)
        for (index, item) in items.enumerated() {
            let size = Size(width: Swift.max(0, item.size.width), height: Swift.max(0, item.size.height))
            if !row.items.isEmpty {
                let gap = spacing.gap(between: items[index - 1], and: item)
                if exceeds(row.width + gap + size.width, wrapAt) {
                    rows.append(row)
                    row = FlowRow(items: index..<index, minY: 0, width: 0, height: 0)
                } else {
                    row.width += gap
                }
            }
            frames.append(Rect(origin: Point(x: row.width, y: 0), size: size))
            row.items = row.items.lowerBound..<(index + 1)
            row.width += size.width
            row.height = Swift.max(row.height, size.height)
        }
        rows.append(row)

        // Pass 2 stacks the rows; the gap between two rows needs both rows known.
        for r in rows.indices.dropFirst() {
            let gap = Swift.max(rowPreference(rows[r - 1], items), rowPreference(rows[r], items))
            rows[r].minY = rows[r - 1].maxY + gap
            for index in rows[r].items {
                frames[index].origin.y = rows[r].minY
            }
        }

        let widest = rows.reduce(0) { Swift.max($0, $1.width) }
        let width = limit.map { Swift.max($0, widest) } ?? widest
        if direction == .rightToLeft {
            for index in frames.indices { frames[index] = direction.placed(frames[index], within: width) }
        }
        return FlowPlan(limit: limit, rows: rows, frames: frames, size: Size(width: width, height: rows[rows.count - 1].maxY))
    }

    private func rowPreference(_ row: FlowRow, _ items: [FlowItem]) -> Double {
        row.items.reduce(0) { Swift.max($0, spacing.preference(of: items[$1])) }
    }
}
