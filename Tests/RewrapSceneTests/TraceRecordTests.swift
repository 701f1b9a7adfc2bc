import Foundation
import RewrapLayout
import RewrapPanelFile
import RewrapScene
import RewrapTestSupport
import XCTest

final class TraceRecordTests: XCTestCase {
    private let shape = TraceRecord.NodeRecord(id: "shape", kind: .dropdown, text: "Shape: Circle",
                                         frame: PixelRect(x: 20, y: 52, width: 120, height: 28),
                                         target: PixelRect(x: 24, y: 60, width: 130, height: 28), focused: false)

    private func record(nodes: [TraceRecord.NodeRecord], popup: TraceRecord.PopupRecord? = nil, time: Double = 1.234) -> TraceRecord {
        TraceRecord(frame: 7, time: time, window: Size(width: 680, height: 420), animating: true,
                    scroll: Point(x: 0, y: 48), nodes: nodes, popup: popup)
    }

    private func object(_ line: String, file: StaticString = #filePath, line number: UInt = #line) throws -> [String: Any] {
        XCTAssertFalse(line.contains("\n"), "a record is one line", file: file, line: number)
        let value = try JSONSerialization.jsonObject(with: Data(line.utf8))
        return try XCTUnwrap(value as? [String: Any], "not an object: \(line)", file: file, line: number)
    }

    private func members(_ value: Any?) -> [[String: Any]] {
        (value as? [Any])?.compactMap { $0 as? [String: Any] } ?? []
    }

    func testRecordHasExactlyTheSpecifiedKeys() throws {
        let json = try object(record(nodes: [shape]).json)
        XCTAssertEqual(Set(json.keys), ["frame", "time", "window", "animating", "scroll", "nodes", "popup"])
        XCTAssertEqual(json["frame"] as? Int, 7)
        XCTAssertEqual(try XCTUnwrap(json["time"] as? Double), 1.234, accuracy: 1e-9)
        XCTAssertEqual(json["window"] as? [Double], [680, 420])
        XCTAssertEqual(json["scroll"] as? [Double], [0, 48])
        XCTAssertTrue(json["popup"] is NSNull, "no popup is null, not a missing key")
        let nodes = members(json["nodes"])
        XCTAssertEqual(nodes.count, 1)
        XCTAssertEqual(Set(nodes[0].keys), ["id", "kind", "text", "frame", "target"], "focused only when true")
        XCTAssertEqual(nodes[0]["id"] as? String, "shape")
        XCTAssertEqual(nodes[0]["kind"] as? String, "dropdown")
        XCTAssertEqual(nodes[0]["text"] as? String, "Shape: Circle")
        XCTAssertEqual(nodes[0]["frame"] as? [Int], [20, 52, 120, 28])
        XCTAssertEqual(nodes[0]["target"] as? [Int], [24, 60, 130, 28])
    }

    func testFocusedAppearsOnlyOnTheFocusedNode() throws {
        var focused = shape
        focused.id = "pattern"
        focused.focused = true
        let nodes = members(try object(record(nodes: [shape, focused]).json)["nodes"])
        XCTAssertNil(nodes[0]["focused"])
        XCTAssertEqual(Set(nodes[1].keys), ["id", "kind", "text", "frame", "target", "focused"])
        XCTAssertEqual(nodes[1]["focused"] as? Bool, true)
    }

    func testTypesDecodeStrictly() throws {
        // JSONDecoder refuses 1 for a Bool, so this proves true/false are booleans.
        let popup = TraceRecord.PopupRecord(menu: PopupMenu(owner: "shape", entries: [PopupEntry(id: "shape/Circle", text: "Circle", isSelected: true)]), frame: PixelRect(x: 20, y: 85, width: 167, height: 62),
                                      rows: [PixelRect(x: 4, y: 4, width: 159, height: 27)])
        var focused = shape
        focused.focused = true
        let frame = try JSONDecoder().decode(TraceFrame.self, from: Data(record(nodes: [focused], popup: popup).json.utf8))
        XCTAssertTrue(frame.animating)
        XCTAssertEqual(frame.nodes.first?.focused, true)
        XCTAssertEqual(frame.popup?.nodes.first?.selected, true)
    }

    func testPopupHasOwnerFrameAndOptionNodes() throws {
        let entries = [PopupEntry(id: "shape/Circle", text: "Circle", isSelected: true),
                       PopupEntry(id: "shape/Rounded rectangle", text: "Rounded rectangle", isSelected: false)]
        let rows = [PixelRect(x: 4, y: 4, width: 159, height: 27), PixelRect(x: 4, y: 31, width: 159, height: 27)]
        let popup = TraceRecord.PopupRecord(menu: PopupMenu(owner: "shape", entries: entries), frame: PixelRect(x: 20, y: 85, width: 167, height: 62),
                                      rows: rows)
        let json = try object(record(nodes: [shape], popup: popup).json)
        let menu = try XCTUnwrap(json["popup"] as? [String: Any])
        XCTAssertEqual(Set(menu.keys), ["owner", "frame", "nodes", "hidden"])
        XCTAssertEqual(menu["hidden"] as? [Int], [0, 0])
        XCTAssertEqual(menu["owner"] as? String, "shape")
        XCTAssertEqual(menu["frame"] as? [Int], [20, 85, 167, 62])
        let options = members(menu["nodes"])
        XCTAssertEqual(options.count, 2)
        for (option, (entry, row)) in zip(options, zip(entries, rows)) {
            XCTAssertEqual(Set(option.keys), ["id", "kind", "text", "selected", "frame"])
            XCTAssertEqual(option["id"] as? String, entry.id.rawValue)
            XCTAssertEqual(option["kind"] as? String, "option")
            XCTAssertEqual(option["text"] as? String, entry.text)
            XCTAssertEqual(option["selected"] as? Bool, entry.isSelected)
            XCTAssertEqual(option["frame"] as? [Int], [row.x, row.y, row.width, row.height])
        }
    }

    func testACutMenuListsItsShownRowsAndCountsTheHidden() throws {
        let entries = (0..<6).map { PopupEntry(id: NodeID("size/\($0)"), text: "\($0)", isSelected: $0 == 1) }
        let row = PixelRect(x: 4, y: 20, width: 100, height: 27)
        let popup = TraceRecord.PopupRecord(menu: PopupMenu(owner: "size", entries: entries, highlighted: 3),
                                      frame: PixelRect(x: 20, y: 85, width: 108, height: 102), rows: [nil, nil, row, row, nil, nil])
        let menu = try XCTUnwrap(try object(record(nodes: [], popup: popup).json)["popup"] as? [String: Any])
        XCTAssertEqual(members(menu["nodes"]).compactMap { $0["id"] as? String }, ["size/2", "size/3"])
        XCTAssertEqual(members(menu["nodes"]).map { $0["highlighted"] as? Bool }, [nil, true], "only the highlighted row says so")
        XCTAssertEqual(menu["hidden"] as? [Int], [2, 2], "two rows above, two below")
    }

    func testAwkwardTextRoundTrips() throws {
        let texts = ["Say \"hi\"", "back\\slash", "two\nlines", "tab\there\r", "還有 1 個", "bell \u{7} and \u{1F}",
                     "\u{2028}separator", "emoji 😀", "\\\"", ""]
        var nodes: [TraceRecord.NodeRecord] = []
        for (index, text) in texts.enumerated() {
            nodes.append(TraceRecord.NodeRecord(id: NodeID("id\(index) \(text)"), kind: .text, text: text, frame: shape.frame, target: shape.target,
                                          focused: false))
        }
        let entries = [PopupEntry(id: NodeID("own\"er\n/\(texts[0])"), text: texts[2], isSelected: false)]
        let popup = TraceRecord.PopupRecord(menu: PopupMenu(owner: "own\"er\n", entries: entries), frame: shape.frame, rows: [shape.frame])
        let json = try object(record(nodes: nodes, popup: popup).json)
        let decoded = members(json["nodes"])
        XCTAssertEqual(decoded.compactMap { $0["text"] as? String }, texts)
        XCTAssertEqual(decoded.compactMap { $0["id"] as? String }, texts.enumerated().map { "id\($0.offset) \($0.element)" })
        let menu = try XCTUnwrap(json["popup"] as? [String: Any])
        XCTAssertEqual(menu["owner"] as? String, "own\"er\n")
        XCTAssertEqual(members(menu["nodes"]).first?["id"] as? String, "own\"er\n/\(texts[0])")
        XCTAssertEqual(members(menu["nodes"]).first?["text"] as? String, texts[2])
    }

    func testTimeIsSecondsToTheMicrosecond() throws {
        let json = try object(record(nodes: [], time: 12.345_678_4).json)
        XCTAssertEqual(try XCTUnwrap(json["time"] as? Double), 12.345_678, accuracy: 1e-12)
        XCTAssertTrue(record(nodes: [], time: 0.016_666_666).json.contains("\"time\": 0.016667,"), "six decimals, no more")
        XCTAssertEqual(members(json["nodes"]).count, 0)
        XCTAssertNotNil(json["nodes"] as? [Any], "no nodes is an empty list")
    }
}
