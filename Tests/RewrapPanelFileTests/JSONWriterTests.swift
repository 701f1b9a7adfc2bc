import Foundation
import RewrapPanelFile
import XCTest

/// The writer's text read back by Foundation's parser, an independent one:
/// commas fall between siblings only, and labels come back unchanged.
final class JSONWriterTests: XCTestCase {
    func testNestedContainersReadBackAsWritten() throws {
        var json = JSONWriter()
        json.beginObject()
        json.member("frame", 3)
        json.member("time", 0.25)
        json.key("empty")
        json.beginArray()
        json.endArray()
        json.key("nodes")
        json.beginArray()
        for id in ["a", "b"] {
            json.beginObject()
            json.member("id", id)
            json.key("box")
            json.beginArray()
            json.number(1)
            json.number(-2.5)
            json.endArray()
            json.member("on", true)
            json.endObject()
        }
        json.endArray()
        json.key("popup")
        json.null()
        json.endObject()

        XCTAssertEqual(json.text, #"{"frame": 3, "time": 0.25, "empty": [], "nodes": [{"id": "a", "box": [1, -2.5], "on": true}, {"id": "b", "box": [1, -2.5], "on": true}], "popup": null}"#)
        let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.text.utf8)) as? [String: Any])
        XCTAssertEqual((parsed["nodes"] as? [[String: Any]])?.map { $0["id"] as? String }, ["a", "b"])
        XCTAssertTrue(parsed["popup"] is NSNull)
    }

    func testHostileLabelsSurviveTheRoundTrip() throws {
        let labels = ["plain", "quote \" and \\ backslash", "tab\tnew\nline\r", "\u{1}\u{1F}bell\u{7}", "عربي", "e\u{301}", "👩‍👩‍👧"]
        for label in labels {
            var json = JSONWriter()
            json.beginArray()
            json.string(label)
            json.endArray()
            let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.text.utf8)) as? [String])
            XCTAssertEqual(parsed, [label], json.text)
        }
    }

    func testNumbersThatJSONCannotHoldAreNull() {
        var json = JSONWriter()
        json.beginArray()
        json.number(Double.infinity)
        json.number(Double.nan)
        json.number(1e20)
        json.number(12.0)
        json.endArray()
        XCTAssertEqual(json.text, "[null, null, 1e+20, 12]")
    }
}
