import RewrapTestDrivers
import XCTest

/// What a screen reader holds before a compositor restarts, to hold against
/// what it holds after (rules §12.3): the same objects at the same paths,
/// the pick in the combo box's name, and the window heard back.
struct AccessibleTreeAcrossRestart {
    let reader: ATSPIClient
    let pick: String
    let before: ATSPIClient.Accessible
    let picked: (path: String, node: ATSPIClient.Accessible)

    /// Reads the tree once `pick` is the combo box's name, and drops the events so far.
    init(reader: ATSPIClient, pick: String) throws {
        self.reader = reader
        self.pick = pick
        before = try reader.tree()
        picked = try XCTUnwrap(before.first("combo box", named: pick), "the pick, as a screen reader reads it")
        _ = try reader.events(wait: 0.2)
    }

    /// Call once the window is on the new compositor.
    func assertTheSameAfterTheRestart(file: StaticString = #filePath, line: UInt = #line) throws {
        let events = try reader.events(wait: 1.5)
        let after = try reader.tree()
        XCTAssertEqual(after.all().map(\.path), before.all().map(\.path), "the same objects at the same paths", file: file, line: line)
        XCTAssertEqual(after.first("combo box", named: pick)?.path, picked.path, file: file, line: line)
        XCTAssertTrue(events.contains { $0.type.hasPrefix("window:activate") || ($0.type.contains("state-changed:active") && $0.detail1 == 1) },
                      "the screen reader hears the window back: \(events.map(\.type))", file: file, line: line)
    }
}
