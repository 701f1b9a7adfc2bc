import RewrapAccessibility
import RewrapLayout
import RewrapPanelFile
import RewrapScene
import RewrapTestDrivers
import XCTest

/// A screen reader is told each label as the panel file writes it, emoji
/// and all: every selector, joiner and tag stays, whichever face draws it.
final class AccessibleEmojiTests: XCTestCase {
    func testEachLabelIsReadWithItsEmojiAsWritten() throws {
        let panel = try PanelLoader.load(path: PackagePaths.root + "/Tests/Fixtures/emoji/emoji.json")
        var fixture = SceneFixture()
        fixture.state = PanelState(panel: panel)
        fixture.viewport = Size(width: 2000, height: 420)
        let names = fixture.tree.inOrder.map(\.name)
        var expected = [panel.menus.heading, panel.menus.footer, panel.chips.heading]
        expected += panel.menus.items.map { "\($0.title): \($0.selected)" }
        expected += panel.chips.items.map(\.title)
        for label in expected {
            XCTAssertTrue(names.contains { $0.unicodeScalars.elementsEqual(label.unicodeScalars) }, "\(label) in \(names)")
        }
        XCTAssertTrue(names.contains("Country: 🇯🇵 Japan"))
        // The open menu's rows, a tag flag among them, its tags kept.
        fixture.open("country")
        let rows = fixture.tree.inOrder.map(\.name)
        let scotland = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} Scotland"
        XCTAssertTrue(rows.contains { $0.unicodeScalars.elementsEqual(scotland.unicodeScalars) }, "\(rows)")
    }
}
