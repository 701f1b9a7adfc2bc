import RewrapLayout

/// Lays out the whole window column: heading, dropdown panel, footer, heading,
/// chip row, footer, each `sectionSpacing` apart inside `padding`.
///
///     let scene = PageLayout(metrics: Metrics(scale: 1), strings: Strings(.english), measurer: xft)
///         .scene(for: state, viewportWidth: 680)
///
/// The panel comes from `FlowLayout` and the chip row from `ChipRowLayout`;
/// this type only stacks their plans and the text around them.
public struct PageLayout {
    public let metrics: Metrics
    public let strings: Strings
    public let measurer: any TextMeasurer

    public init(metrics: Metrics, strings: Strings, measurer: any TextMeasurer) {
        self.metrics = metrics
        self.strings = strings
        self.measurer = measurer
    }

    public func scene(for state: PanelState, viewportWidth: Double) -> Scene {
        let panel = state.panel
        let width = max(0, viewportWidth - 2 * metrics.padding)
        let left = metrics.padding
        var y = metrics.padding
        var nodes: [SceneNode] = []
        var right = left + width

        func addText(_ id: String, _ kind: NodeKind, _ text: String, style: TextStyle) {
            let lines = TextWrapper.lines(text, width: width, style: style, measurer: measurer)
            let lineMetrics = lines.map { measurer.measure($0, style: style) }
            let lineHeight = lineMetrics.map(\.height).max() ?? 0
            let textWidth = (lineMetrics.map(\.width).max() ?? 0).rounded(.up)
            let height = (Double(lines.count) * lineHeight + Double(lines.count - 1) * metrics.textLineGap).rounded(.up)
            nodes.append(SceneNode(id: id, kind: kind, text: text, lines: lines, style: style,
                                   frame: Rect(x: left, y: y, width: textWidth, height: height)))
            right = max(right, left + textWidth)
            y += height + metrics.sectionSpacing
        }

        addText("menus.heading", .heading, panel.menus.heading, style: .bold)

        let dropdowns = panel.menus.items
        let labels = dropdowns.map { state.label(of: $0) }
        let items = labels.map { FlowItem(size: dropdownSize(for: $0)) }
        let panelPlan = FlowLayout(spacing: .constant(metrics.controlSpacing)).plan(for: Proposal(width: width), items: items)
        let panelOrigin = Point(x: left, y: y)
        for (index, frame) in panelPlan.frames(in: Rect(origin: panelOrigin, size: panelPlan.size)).enumerated() {
            nodes.append(SceneNode(id: dropdowns[index].id, kind: .dropdown, text: labels[index], lines: [labels[index]],
                                   style: .body, frame: frame))
        }
        right = max(right, left + panelPlan.size.width)
        if !dropdowns.isEmpty { y += panelPlan.size.height + metrics.sectionSpacing }

        addText("menus.footer", .text, panel.menus.footer, style: .body)
        addText("chips.heading", .heading, panel.chips.heading, style: .bold)

        let chips = panel.chips.items
        let chipRow = ChipRowItems(chips: chips.map { chipSize(for: $0.title) }) { chipSize(for: strings.more($0)) }
        let chipPlan = ChipRowLayout(spacing: metrics.controlSpacing).plan(for: Proposal(width: width), items: chipRow)
        let chipOrigin = Point(x: left, y: y)
        if chips.isEmpty {
            addText("chips.empty", .empty, strings.noItems, style: .body)
        } else {
            for (index, frame) in chipPlan.chipFrames.enumerated() {
                nodes.append(SceneNode(id: chips[index].id, kind: .chip, text: chips[index].title, lines: [chips[index].title],
                                       style: .body, frame: frame.offsetBy(dx: chipOrigin.x, dy: chipOrigin.y)))
            }
            if let badge = chipPlan.badgeFrame {
                let text = strings.more(chipPlan.hidden)
                nodes.append(SceneNode(id: "badge", kind: .badge, text: text, lines: [text], style: .body,
                                       frame: badge.offsetBy(dx: chipOrigin.x, dy: chipOrigin.y)))
            }
            right = max(right, left + chipPlan.size.width)
            y += chipPlan.size.height + metrics.sectionSpacing
        }

        addText("chips.footer", .text, panel.chips.footer, style: .body)

        let contentHeight = y - metrics.sectionSpacing + metrics.padding
        return Scene(nodes: nodes, contentSize: Size(width: right + metrics.padding, height: contentHeight),
                     proposedWidth: width, panelItems: items, panelPlan: panelPlan, panelOrigin: panelOrigin,
                     chipItems: chipRow, chipPlan: chipPlan, chipOrigin: chipOrigin)
    }

    /// A bordered button: padding, the label, a gap, the chevron, padding.
    public func dropdownSize(for label: String) -> Size {
        let text = measurer.measure(label, style: .body)
        return Size(width: (2 * metrics.dropdownPaddingX + text.width + metrics.chevronGap + metrics.chevronWidth).rounded(.up),
                    height: (2 * metrics.dropdownPaddingY + text.height).rounded(.up))
    }

    public func chipSize(for title: String) -> Size {
        let text = measurer.measure(title, style: .body)
        return Size(width: (2 * metrics.chipPaddingX + text.width).rounded(.up),
                    height: (2 * metrics.chipPaddingY + text.height).rounded(.up))
    }
}
