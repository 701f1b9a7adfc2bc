import RewrapLayout
import RewrapPanelFile
import RewrapScene
import RewrapTestSupport
import XCTest

/// Expected geometry is worked out here from rules §1 numbers and the fake
/// measurer's advances (body 7 px, bold 8 px per character, lines 13 + 4 = 17
/// high), never read back from the layout.
final class PageLayoutTests: XCTestCase {
    private let padding = 20.0
    private let sectionSpacing = 16.0
    private let controlSpacing = 8.0
    private let lineHeight = 17.0
    /// 6 px above and below one line of text.
    private let controlHeight = 2 * 6 + 17.0

    private func bodyWidth(_ text: String) -> Double { Double(text.count) * 7 }
    private func boldWidth(_ text: String) -> Double { Double(text.count) * 8 }

    /// 10 px padding, the label, an 8 px gap and an 8 px chevron, 10 px padding.
    private func dropdownWidth(_ label: String) -> Double { 10 + bodyWidth(label) + 8 + 8 + 10 }

    private func chipWidth(_ title: String) -> Double { 10 + bodyWidth(title) + 10 }

    private func shippedState() throws -> PanelState {
        PanelState(panel: try PanelLoader.load(path: PackagePaths.root + "/assets/panel.json"))
    }

    private func panel(dropdowns: [DropdownSpec]? = nil, chips: [ChipSpec]) -> Panel {
        let defaults = [
            DropdownSpec(id: "shape", title: "Shape", options: ["Circle", "Rounded rectangle"], selected: "Circle"),
            DropdownSpec(id: "pattern", title: "Pattern", options: ["Solid", "Alternating diagonal lines"], selected: "Solid"),
            DropdownSpec(id: "arrangement", title: "Arrangement", options: ["Rows", "Evenly spaced columns"], selected: "Rows"),
        ]
        return Panel(title: "Rewrap",
                     menus: MenuSection(heading: "Layout options", footer: "Choose a longer option, then narrow the window.",
                                        items: dropdowns ?? defaults),
                     chips: ChipSection(heading: "Sample labels", footer: "Resize the window to change how many labels fit.",
                                        items: chips))
    }

    private func scene(_ state: PanelState, width: Double, metrics: Metrics = Metrics(),
                       measurer: any TextMeasurer = FixedAdvanceMeasurer(advance: 7, boldAdvance: 8, ascent: 13, descent: 4)) -> Scene {
        PageLayout(metrics: metrics, words: .english, measurer: measurer).scene(for: state, viewportWidth: width)
    }

    private func frame(_ scene: Scene, _ id: NodeID, file: StaticString = #filePath, line: UInt = #line) throws -> Rect {
        try XCTUnwrap(scene.node(id), "no node \(id)", file: file, line: line).frame
    }

    /// Greedy rows of equally tall controls, written out independently of FlowLayout:
    /// a control wraps when its row is not empty and x + spacing + width > limit.
    private func expectedOrigins(_ widths: [Double], limit: Double, top: Double) -> [Point] {
        var origins: [Point] = []
        var x = 0.0, y = top, rowIsEmpty = true
        for width in widths {
            if !rowIsEmpty, x + controlSpacing + width > limit {
                y += controlHeight + controlSpacing
                x = 0
                rowIsEmpty = true
            }
            if !rowIsEmpty { x += controlSpacing }
            origins.append(Point(x: padding + x, y: y))
            x += width
            rowIsEmpty = false
        }
        return origins
    }

    /// The largest k whose k chips plus an "n−k more" badge fit, or the badge alone.
    private func expectedVisibleChips(_ titles: [String], limit: Double) -> Int {
        var best = 0
        for k in 0...titles.count {
            var widths = titles.prefix(k).map(chipWidth)
            if k < titles.count { widths.append(chipWidth("\(titles.count - k) more")) }
            let total = widths.reduce(0, +) + Double(max(0, widths.count - 1)) * controlSpacing
            if total <= limit { best = k }
        }
        return best
    }

    // MARK: - Stacking

    func testSectionsStackWithPaddingAndSectionSpacing() throws {
        let scene = scene(try shippedState(), width: 680)
        let heading = Rect(x: 20, y: 20, width: boldWidth("Layout options"), height: lineHeight)
        XCTAssertEqual(try frame(scene, "menus.heading"), heading)
        let panelTop = heading.maxY + sectionSpacing
        for id: NodeID in ["shape", "pattern", "arrangement"] {
            XCTAssertEqual(try frame(scene, id).minY, panelTop, "\(id)")
        }
        let footerTop = panelTop + controlHeight + sectionSpacing
        XCTAssertEqual(try frame(scene, "menus.footer"),
                       Rect(x: 20, y: footerTop, width: bodyWidth("Choose a longer option, then narrow the window."), height: lineHeight))
        let chipsHeadingTop = footerTop + lineHeight + sectionSpacing
        XCTAssertEqual(try frame(scene, "chips.heading"),
                       Rect(x: 20, y: chipsHeadingTop, width: boldWidth("Sample labels"), height: lineHeight))
        let chipTop = chipsHeadingTop + lineHeight + sectionSpacing
        XCTAssertEqual(try frame(scene, "sketch"), Rect(x: 20, y: chipTop, width: chipWidth("Sketch"), height: controlHeight))
        let chipsFooterTop = chipTop + controlHeight + sectionSpacing
        XCTAssertEqual(try frame(scene, "chips.footer").minY, chipsFooterTop)
        XCTAssertEqual(scene.contentSize, Size(width: 680, height: chipsFooterTop + lineHeight + padding))
    }

    func testContentSizeBoundsEveryNodeWithPadding() throws {
        for width in [680.0, 440, 300, 200] {
            let scene = scene(try shippedState(), width: width)
            let widest = scene.nodes.map(\.frame.maxX).max() ?? 0
            let lowest = scene.nodes.map(\.frame.maxY).max() ?? 0
            XCTAssertEqual(scene.contentSize.width, max(width, widest + padding), "width \(width)")
            XCTAssertEqual(scene.contentSize.height, lowest + padding, "width \(width)")
        }
    }

    func testPanelWithoutDropdownsTakesNoSpace() throws {
        let scene = scene(PanelState(panel: panel(dropdowns: [], chips: [])), width: 680)
        XCTAssertEqual(try frame(scene, "menus.footer").minY, try frame(scene, "menus.heading").maxY + sectionSpacing)
    }

    // MARK: - Dropdowns

    func testDropdownLabelReadsTitleColonSelected() throws {
        var state = try shippedState()
        let before = scene(state, width: 680)
        XCTAssertEqual(before.nodes.filter { $0.kind == .dropdown }.map(\.text), ["Shape: Circle", "Pattern: Solid", "Arrangement: Rows"])
        XCTAssertEqual(before.node("shape")?.lines, ["Shape: Circle"])
        XCTAssertTrue(state.select("Rounded rectangle", for: "shape"))
        XCTAssertEqual(scene(state, width: 680).node("shape")?.text, "Shape: Rounded rectangle")
        XCTAssertEqual(state.labels, ["Shape: Rounded rectangle", "Pattern: Solid", "Arrangement: Rows"])
    }

    func testDropdownIdealSizeIsPaddingLabelChevronGapAndChevron() throws {
        let scene = scene(try shippedState(), width: 680)
        for node in scene.nodes where node.kind == .dropdown {
            XCTAssertEqual(node.frame.size, Size(width: dropdownWidth(node.text), height: controlHeight), "\(node.id)")
        }
        let layout = PageLayout(metrics: Metrics(), words: .english, measurer: FixedAdvanceMeasurer())
        XCTAssertEqual(layout.dropdownSize(for: "Shape: Circle"), Size(width: 127, height: 29))
    }

    func testFractionalLabelWidthIsNeverShrunk() {
        // 3 × 6.5 = 19.5 px of text: the button may round up to whole pixels, never down.
        let layout = PageLayout(metrics: Metrics(), words: .english, measurer: FixedAdvanceMeasurer(advance: 6.5))
        let width = layout.dropdownSize(for: "abc").width
        XCTAssertGreaterThanOrEqual(width, 10 + 19.5 + 8 + 8 + 10)
        XCTAssertLessThan(width, 10 + 19.5 + 8 + 8 + 10 + 1)
    }

    func testDropdownsWrapAsWindowNarrows() throws {
        let state = try shippedState()
        let labels = ["Shape: Circle", "Pattern: Solid", "Arrangement: Rows"]
        let panelTop = padding + lineHeight + sectionSpacing
        // 127 + 8 + 134 + 8 + 155 = 432 and 127 + 8 + 134 = 269: each boundary and one pixel under it.
        for window in [680.0, 472, 471, 309, 308, 200] {
            let scene = scene(state, width: window)
            let origins = ["shape", "pattern", "arrangement"].compactMap { scene.node($0)?.frame.origin }
            XCTAssertEqual(origins, expectedOrigins(labels.map(dropdownWidth), limit: window - 2 * padding, top: panelTop),
                           "window \(window)")
        }
    }

    func testExactFitKeepsLastDropdownOnTheRow() throws {
        let state = try shippedState()
        let exact = scene(state, width: 432 + 2 * padding)
        XCTAssertEqual(try frame(exact, "arrangement").origin, Point(x: 20 + 127 + 8 + 134 + 8, y: 53))
        let under = scene(state, width: 431 + 2 * padding)
        XCTAssertEqual(try frame(under, "arrangement").origin, Point(x: 20, y: 53 + controlHeight + controlSpacing))
    }

    func testLabelWiderThanWindowSitsAloneAndWidensContent() throws {
        let long = String(repeating: "x", count: 120)
        let dropdowns = [
            DropdownSpec(id: "shape", title: "Shape", options: ["Circle"], selected: "Circle"),
            DropdownSpec(id: "pattern", title: "Pattern", options: [long], selected: long),
            DropdownSpec(id: "arrangement", title: "Arrangement", options: ["Rows"], selected: "Rows"),
        ]
        let scene = scene(PanelState(panel: panel(dropdowns: dropdowns, chips: [])), width: 680)
        let wide = dropdownWidth("Pattern: " + long)
        XCTAssertGreaterThan(wide, 640)
        let top = padding + lineHeight + sectionSpacing
        let step = controlHeight + controlSpacing
        XCTAssertEqual(try frame(scene, "shape").origin, Point(x: 20, y: top))
        XCTAssertEqual(try frame(scene, "pattern"), Rect(x: 20, y: top + step, width: wide, height: controlHeight))
        XCTAssertEqual(try frame(scene, "arrangement").origin, Point(x: 20, y: top + 2 * step))
        XCTAssertEqual(scene.contentSize.width, padding + wide + padding)
    }

    // MARK: - Footer

    func testFooterSitsUnderLastDropdownRow() throws {
        var state = try shippedState()
        for selection in [nil, "Alternating diagonal lines"] {
            if let selection { state.select(selection, for: "pattern") }
            for window in [680.0, 500, 471, 308, 200] {
                let scene = scene(state, width: window)
                let bottom = scene.nodes.filter { $0.kind == .dropdown }.map(\.frame.maxY).max()!
                XCTAssertEqual(try frame(scene, "menus.footer").minY, bottom + sectionSpacing, "window \(window), \(selection ?? "start")")
            }
        }
    }

    func testFooterMovesWhenPanelHeightChanges() throws {
        var state = try shippedState()
        let before = scene(state, width: 500)
        let panelTop = padding + lineHeight + sectionSpacing
        XCTAssertEqual(try frame(before, "menus.footer").minY, panelTop + controlHeight + sectionSpacing)
        // 127 + 8 + 281 = 416 fits 460, and + 8 + 155 = 579 does not: Arrangement wraps.
        state.select("Alternating diagonal lines", for: "pattern")
        let after = scene(state, width: 500)
        let grown = controlHeight + controlSpacing
        XCTAssertEqual(try frame(after, "menus.footer").minY, panelTop + 2 * controlHeight + controlSpacing + sectionSpacing)
        for id: NodeID in ["chips.heading", "sketch", "chips.footer"] {
            XCTAssertEqual(try frame(after, id).minY, try frame(before, id).minY + grown, "\(id)")
        }
    }

    // MARK: - Chip row

    func testChipRowShowsLargestPrefixAndBadgeCountsTheRest() throws {
        let state = try shippedState()
        let chips = state.panel.chips.items
        let titles = chips.map(\.title)
        for window in stride(from: 100.0, through: 700, by: 13) {
            let scene = scene(state, width: window)
            let visible = expectedVisibleChips(titles, limit: window - 2 * padding)
            let shown = scene.nodes.filter { $0.kind == .chip }
            XCTAssertEqual(shown.map(\.id), chips.prefix(visible).map(\.id), "window \(window)")
            let rowTop = try frame(scene, "chips.heading").maxY + sectionSpacing
            var x = padding
            for node in shown {
                XCTAssertEqual(node.frame, Rect(x: x, y: rowTop, width: chipWidth(node.text), height: controlHeight), "\(node.id)")
                x += chipWidth(node.text) + controlSpacing
            }
            if visible == chips.count {
                XCTAssertNil(scene.node("badge"), "window \(window)")
            } else {
                let badge = try XCTUnwrap(scene.node("badge"), "window \(window)")
                XCTAssertEqual(badge.kind, .badge)
                XCTAssertEqual(badge.text, "\(chips.count - visible) more", "window \(window)")
                XCTAssertEqual(badge.frame, Rect(x: x, y: rowTop, width: chipWidth(badge.text), height: controlHeight),
                               "window \(window)")
            }
        }
    }

    func testChipRowAtWorkedWidth() throws {
        // 62 + 111 + 62 + "3 more" 62 + 3 gaps = 321 fits 400; a fourth chip needs 447.
        let scene = scene(try shippedState(), width: 440)
        XCTAssertEqual(scene.nodes.filter { $0.kind == .chip }.map(\.id), ["sketch", "color-samples", "shapes"])
        XCTAssertEqual(scene.node("badge")?.text, "3 more")
        XCTAssertEqual(scene.node("badge")?.frame.minX, 20 + 62 + 8 + 111 + 8 + 62 + 8)
    }

    func testBadgeWidthDependsOnItsCount() throws {
        let chips = (0..<12).map { ChipSpec(id: NodeID("c\($0)"), title: "Chip") }   // 48 px each
        let state = PanelState(panel: panel(chips: chips))
        // Three chips and "9 more": 3 × 48 + 62 + 3 × 8 = 230.
        let nine = scene(state, width: 230 + 2 * padding)
        XCTAssertEqual(nine.node("badge")?.text, "9 more")
        XCTAssertEqual(nine.node("badge")?.frame.width, 62)
        // One pixel less: two chips and "10 more", which is a character wider.
        let ten = scene(state, width: 229 + 2 * padding)
        XCTAssertEqual(ten.node("badge")?.text, "10 more")
        XCTAssertEqual(ten.node("badge")?.frame.width, 69)
        // 2 × 48 + 8 + 8 + 69 = 181 > 180, though a 62 px badge would have fit in 174.
        let eleven = scene(state, width: 180 + 2 * padding)
        XCTAssertEqual(eleven.node("badge")?.text, "11 more")
        XCTAssertEqual(eleven.nodes.filter { $0.kind == .chip }.count, 1)
    }

    func testDuplicateChipTitlesAreCountedSeparately() throws {
        let chips = [ChipSpec(id: "a", title: "Same"), ChipSpec(id: "b", title: "Same"), ChipSpec(id: "c", title: "Same")]
        // "Same" chips are 48 wide and "2 more" 62: 48 + 8 + 62 = 118 fits, 48 + 8 + 48 + 8 + 62 = 174 does not.
        let scene = scene(PanelState(panel: panel(chips: chips)), width: 150 + 2 * padding)
        XCTAssertEqual(scene.nodes.filter { $0.kind == .chip }.map(\.id), ["a"])
        XCTAssertEqual(scene.node("badge")?.text, "2 more")
    }

    func testEmptyChipRowShowsNoItems() throws {
        let scene = scene(PanelState(panel: panel(chips: [])), width: 680)
        let empty = try XCTUnwrap(scene.node("chips.empty"))
        XCTAssertEqual(empty.kind, .empty)
        XCTAssertEqual(empty.text, "No items")
        let headingBottom = try frame(scene, "chips.heading").maxY
        XCTAssertEqual(empty.frame, Rect(x: 20, y: headingBottom + sectionSpacing, width: bodyWidth("No items"), height: lineHeight))
        XCTAssertNil(scene.node("badge"))
        XCTAssertTrue(scene.nodes.filter { $0.kind == .chip }.isEmpty)
        XCTAssertEqual(try frame(scene, "chips.footer").minY, empty.frame.maxY + sectionSpacing)
    }

    // MARK: - Text

    func testFooterWrapsToContentWidthAndHeightFollows() throws {
        // 160 px holds 22 body characters; no word is split.
        let scene = scene(try shippedState(), width: 200)
        let footer = try XCTUnwrap(scene.node("menus.footer"))
        XCTAssertEqual(footer.text, "Choose a longer option, then narrow the window.")
        XCTAssertEqual(footer.lines, ["Choose a longer", "option, then narrow", "the window."])
        XCTAssertEqual(footer.frame.height, 3 * lineHeight + 2 * 2)
        XCTAssertEqual(footer.frame.width, bodyWidth("option, then narrow"))
        XCTAssertEqual(try frame(scene, "chips.heading").minY, footer.frame.maxY + sectionSpacing)
    }

    func testHeadingWrapsAndPushesThePanelDown() throws {
        // "Layout options" is 112 px bold; 100 px holds only one word.
        let scene = scene(try shippedState(), width: 140)
        let heading = try XCTUnwrap(scene.node("menus.heading"))
        XCTAssertEqual(heading.lines, ["Layout", "options"])
        XCTAssertEqual(heading.frame, Rect(x: 20, y: 20, width: boldWidth("options"), height: 2 * lineHeight + 2))
        XCTAssertEqual(try frame(scene, "shape").minY, heading.frame.maxY + sectionSpacing)
    }

    // MARK: - Scale, identity, caching

    func testDoubleScaleDoublesPaddingsAndSpacing() throws {
        let metrics = Metrics(scale: 2)
        XCTAssertEqual(metrics.padding, 40)
        XCTAssertEqual(metrics.sectionSpacing, 32)
        XCTAssertEqual(metrics.controlSpacing, 16)
        XCTAssertEqual(metrics.dropdownPaddingX, 20)
        XCTAssertEqual(metrics.dropdownPaddingY, 12)
        XCTAssertEqual(metrics.chipPaddingX, 20)
        XCTAssertEqual(metrics.chevronGap, 16)
        XCTAssertEqual(metrics.chevronWidth, 16)
        // The fake measurer does not scale, so only the metrics double.
        let scene = scene(try shippedState(), width: 1360, metrics: metrics)
        XCTAssertEqual(try frame(scene, "menus.heading").origin, Point(x: 40, y: 40))
        let shapeWidth = 20 + bodyWidth("Shape: Circle") + 16 + 16 + 20
        XCTAssertEqual(try frame(scene, "shape"), Rect(x: 40, y: 40 + lineHeight + 32, width: shapeWidth, height: 12 + lineHeight + 12))
        XCTAssertEqual(try frame(scene, "pattern").minX, 40 + shapeWidth + 16)
    }

    func testTargetsAreKeyedByNodeID() throws {
        let scene = scene(try shippedState(), width: 440)
        let targets = scene.targets
        XCTAssertEqual(Set(targets.keys), ["menus.heading", "shape", "pattern", "arrangement", "menus.footer", "chips.heading",
                                           "sketch", "color-samples", "shapes", "badge", "chips.footer"])
        XCTAssertEqual(targets.count, scene.nodes.count)
        for node in scene.nodes {
            XCTAssertEqual(targets[node.id], node.frame, "\(node.id)")
        }
    }

    /// The app keeps one layout, which keeps what a new width cannot
    /// change: its scenes must equal a fresh layout's, and a width seen
    /// before must measure nothing.
    func testAWarmLayoutGivesAFreshLayoutsScenes() throws {
        var state = try shippedState()
        state.select("Evenly spaced columns", for: "arrangement")
        let measurer = FixedAdvanceMeasurer(advance: 7, boldAdvance: 8, ascent: 13, descent: 4)
        let warm = PageLayout(metrics: Metrics(), words: .english, measurer: measurer)
        let widths = [680.0, 440, 250, 130]
        for width in widths + widths.reversed() {
            XCTAssertEqual(warm.scene(for: state, viewportWidth: width), scene(state, width: width), "width \(width)")
        }
        let measured = measurer.calls
        for width in widths { _ = warm.scene(for: state, viewportWidth: width) }
        XCTAssertEqual(measurer.calls, measured, "widths seen before measure nothing")
        state.select("Rows", for: "arrangement")
        for width in widths {
            XCTAssertEqual(warm.scene(for: state, viewportWidth: width), scene(state, width: width), "after a pick, width \(width)")
        }
    }

    /// rules §3.3: choosing among n + 1 candidates measures each chip and each
    /// badge count once, through the path that turns titles into chip items.
    func testEachChipAndBadgeTextIsMeasuredOnce() {
        let chips = (0..<50).map { ChipSpec(id: NodeID("c\($0)"), title: "Chip \($0)") }
        let measurer = FixedAdvanceMeasurer()
        let scene = scene(PanelState(panel: panel(chips: chips)), width: 300, measurer: measurer)
        XCTAssertGreaterThan(scene.chipPlan.hidden, 0, "fixture: some chips are hidden")
        for chip in chips {
            XCTAssertEqual(measurer.measured[chip.title], 1, chip.title)
        }
        for count in 1...50 {
            XCTAssertEqual(measurer.measured["\(count) more"], 1, "badge for \(count)")
        }
    }
}
