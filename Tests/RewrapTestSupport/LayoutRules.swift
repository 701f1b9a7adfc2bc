import RewrapLayout

/// The layout rules a settled frame must satisfy, checked from the trace
/// alone. Each violation is a sentence naming the nodes involved.
public enum LayoutRules {
    public static let padding = 20.0

    public static func violations(in frame: TraceFrame, chipCount: Int, scale: Double = 1) -> [String] {
        var problems: [String] = []
        let padding = (Self.padding * scale).rounded()
        let limit = frame.width - 2 * padding
        let dropdowns = frame.nodes("dropdown")
        let rowStart = padding - frame.scroll[0]

        // Order and rows: each dropdown follows the previous on its row, or starts a lower row at the left.
        var rows: [[TraceFrame.Node]] = []
        for (index, node) in dropdowns.enumerated() {
            if index > 0 {
                let previous = dropdowns[index - 1]
                let sameRow = node.rect.minY == previous.rect.minY
                if sameRow && node.rect.minX <= previous.rect.maxX {
                    problems.append("\(node.id) does not follow \(previous.id) on its row")
                }
                if !sameRow && (node.rect.minY < previous.rect.maxY || node.rect.minX != rowStart) {
                    problems.append("\(node.id) does not start a new row under \(previous.id)")
                }
                if sameRow { rows[rows.count - 1].append(node) } else { rows.append([node]) }
            } else {
                rows.append([node])
            }
        }
        for i in dropdowns.indices {
            for j in dropdowns.indices where j > i && dropdowns[i].rect.overlaps(dropdowns[j].rect) {
                problems.append("\(dropdowns[i].id) overlaps \(dropdowns[j].id)")
            }
        }
        for row in rows where row.count > 1 {
            let width = row.last!.rect.maxX - row.first!.rect.minX
            if width > limit { problems.append("row starting with \(row[0].id) is \(width) wide, over the limit \(limit)") }
        }

        // The footer sits under the panel.
        if let footer = frame.node("menus.footer"), let bottom = dropdowns.map(\.rect.maxY).max(), footer.rect.minY < bottom {
            problems.append("menus.footer at y \(footer.rect.minY) is above the panel's bottom \(bottom)")
        }

        // The chip row: a prefix, the badge counts the rest, and it fits unless only the badge shows.
        let chips = frame.nodes("chip")
        let badge = frame.node("badge")
        let hidden = chipCount - chips.count
        if hidden > 0 {
            if let badge {
                let count = badge.text.split(whereSeparator: { !$0.isNumber }).first.flatMap { Int($0) }
                if count != hidden { problems.append("badge says \"\(badge.text)\" but \(hidden) chips are hidden") }
            } else {
                problems.append("\(hidden) chips are hidden but no badge shows")
            }
        } else if badge != nil {
            problems.append("a badge shows although every chip is visible")
        }
        let rowNodes = chips + (badge.map { [$0] } ?? [])
        if let first = rowNodes.first, let last = rowNodes.last, !(chips.isEmpty && badge != nil) {
            let width = last.rect.maxX - first.rect.minX
            if width > limit { problems.append("chip row is \(width) wide, over the limit \(limit)") }
        }
        return problems
    }
}
