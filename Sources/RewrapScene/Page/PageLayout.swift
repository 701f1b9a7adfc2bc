import RewrapLayout
import RewrapPanelFile
import RewrapText

/// Lays out the whole window column: heading, dropdown panel, footer, heading,
/// chip row, footer, each `sectionSpacing` apart inside `padding`.
///
///     let scene = PageLayout(metrics: Metrics(scale: 1), words: .english, measurer: engine)
///         .scene(for: state, viewportWidth: 680)
///
/// The panel comes from `FlowLayout` and the chip row from `ChipRowLayout`;
/// this type only stacks their plans and the text around them. The page is
/// planned in reading order and, right to left, mirrored once at the end.
public struct PageLayout {
    public let metrics: Metrics
    public let words: Words
    public let measurer: any TextMeasurer
    public let direction: LayoutDirection
    private let breaker: LineBreaker
    private let measured = MeasuredItems()

    /// A page measured with `measurer` at `metrics`' scale, in `words`' language, reading in `direction`.
    public init(metrics: Metrics, words: Words, measurer: any TextMeasurer, direction: LayoutDirection = .leftToRight) {
        self.metrics = metrics
        self.words = words
        self.measurer = measurer
        self.direction = direction
        breaker = LineBreaker(measurer: measurer)
    }

    /// The same page at another scale, measured by `measurer` (an engine
    /// whose fonts are at that scale).
    public func rescaled(_ metrics: Metrics, measurer: any TextMeasurer) -> PageLayout {
        PageLayout(metrics: metrics, words: words, measurer: measurer, direction: direction)
    }

    /// The dropdown panel's layout: rules §2, with the control spacing.
    public static func panelLayout(_ metrics: Metrics) -> FlowLayout {
        FlowLayout(spacing: .constant(metrics.controlSpacing))
    }

    /// The chip row's layout: rules §3, with the control spacing.
    public static func chipLayout(_ metrics: Metrics) -> ChipRowLayout {
        ChipRowLayout(spacing: metrics.controlSpacing)
    }

    /// What a window `windowWidth` wide proposes to its sections: its width inside the padding.
    public static func contentWidth(forWindowWidth windowWidth: Double, _ metrics: Metrics) -> Double {
        max(0, windowWidth - 2 * metrics.padding)
    }

    /// The whole window's scene for `state` in a window `viewportWidth` wide.
    public func scene(for state: PanelState, viewportWidth: Double) -> Scene {
        let panel = state.panel
        let width = Self.contentWidth(forWindowWidth: viewportWidth, metrics)
        // Four texts, the dropdowns, the chips and a badge.
        var column = PageColumn(left: metrics.padding, top: metrics.padding, width: width, spacing: metrics.sectionSpacing,
                                capacity: 5 + panel.menus.items.count + panel.chips.items.count)

        column.append(text(.menusHeading, .heading, panel.menus.heading, style: .bold, at: column.origin, width: width))

        let dropdowns = panel.menus.items
        let labels = state.labels
        let panelItems = measured.panelItems(for: labels) { FlowItem(size: dropdownSize(for: $0)) }
        let panelPlan = Self.panelLayout(metrics).plan(for: Proposal(width: width), items: panelItems)
        let panelOrigin = column.origin
        let panelFrames = panelPlan.frames(in: Rect(origin: panelOrigin, size: panelPlan.size))
        column.append(dropdowns.indices.lazy.map {
            SceneNode(id: dropdowns[$0].id, kind: .dropdown, text: labels[$0], style: .body, frame: panelFrames[$0])
        }, size: panelPlan.size)

        column.append(text(.menusFooter, .text, panel.menus.footer, style: .body, at: column.origin, width: width))
        column.append(text(.chipsHeading, .heading, panel.chips.heading, style: .bold, at: column.origin, width: width))

        let chips = panel.chips.items
        let chipItems = measured.chipItems(for: chips.map(\.title)) {
            ChipRowItems(chips: chips.map { chipSize(for: $0.title) }) { chipSize(for: words.more($0)) }
        }
        let chipPlan = Self.chipLayout(metrics).plan(for: Proposal(width: width), items: chipItems)
        let chipOrigin = column.origin
        if chips.isEmpty {
            column.append(text(.chipsEmpty, .empty, words.noItems, style: .body, at: chipOrigin, width: width))
        } else {
            var row: [SceneNode] = []
            row.reserveCapacity(chipPlan.chipFrames.count + 1)
            for (chip, frame) in zip(chips, chipPlan.chipFrames) {
                row.append(SceneNode(id: chip.id, kind: .chip, text: chip.title, style: .body,
                                     frame: frame.offsetBy(dx: chipOrigin.x, dy: chipOrigin.y)))
            }
            if let badge = chipPlan.badgeFrame {
                let count = words.more(chipPlan.hidden)
                row.append(SceneNode(id: .badge, kind: .badge, text: count, style: .body,
                                     frame: badge.offsetBy(dx: chipOrigin.x, dy: chipOrigin.y)))
            }
            column.append(row, size: chipPlan.size)
        }

        column.append(text(.chipsFooter, .text, panel.chips.footer, style: .body, at: column.origin, width: width))

        let content = column.contentSize(padding: metrics.padding)
        let nodes = direction == .leftToRight ? column.nodes : column.nodes.map { node in
            var mirrored = node
            mirrored.frame = direction.placed(node.frame, within: content.width)
            return mirrored
        }
        return Scene(nodes: nodes, contentSize: content, proposedWidth: width, panelItems: panelItems, panelPlan: panelPlan,
                     panelOrigin: panelOrigin, chipItems: chipItems, chipPlan: chipPlan, chipOrigin: chipOrigin,
                     direction: direction)
    }

    /// A heading or footer, wrapped to `width`; its frame hugs the widest line.
    private func text(_ id: NodeID, _ kind: NodeKind, _ text: String, style: TextStyle, at origin: Point,
                      width: Double) -> SceneNode {
        let wrapped = breaker.wrap(text, width: width, style: style)
        let count = Double(wrapped.lines.count)
        let height = (count * wrapped.lineHeight + (count - 1) * metrics.textLineGap).rounded(.up)
        let textWidth = wrapped.width.rounded(.up)
        return SceneNode(id: id, kind: kind, text: text, lines: wrapped.lines, style: style,
                         frame: Rect(origin: origin, size: Size(width: textWidth, height: height)))
    }

    /// A bordered button: padding, the label, a gap, the chevron, padding.
    public func dropdownSize(for label: String) -> Size {
        let text = measurer.measure(label, style: .body)
        return Size(width: (2 * metrics.dropdownPaddingX + text.width + metrics.chevronGap + metrics.chevronWidth).rounded(.up),
                    height: (2 * metrics.dropdownPaddingY + text.height).rounded(.up))
    }

    /// A chip's size: its padding around the title.
    public func chipSize(for title: String) -> Size {
        let text = measurer.measure(title, style: .body)
        return Size(width: (2 * metrics.chipPaddingX + text.width).rounded(.up),
                    height: (2 * metrics.chipPaddingY + text.height).rounded(.up))
    }
}
