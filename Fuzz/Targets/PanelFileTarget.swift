import RewrapPanelFile

extension FuzzTarget {
    /// Any bytes as a panel file: the JSON reader, then the schema. A file is
    /// either a panel or refused with the one line rules §6.3 promises; a JSON
    /// document written back by `JSONWriter` reads as the same document.
    public static let panelFile = FuzzTarget(name: "panel-file") { bytes in
        if let document = try? JSONParser.parse(bytes) {
            var json = JSONWriter()
            write(document, to: &json)
            guard let again = try? JSONParser.parse(Array(json.text.utf8)) else {
                return "the document written back does not read: \(json.text.prefix(200))"
            }
            guard again == document else { return "the document written back reads differently: \(json.text.prefix(200))" }
        }
        do throws(PanelError) {
            _ = try PanelLoader.parse(bytes, file: "fuzz.json")
        } catch {
            let line = error.message
            guard line.hasPrefix("rewrap: fuzz.json: $") else { return "the error does not name the file and a path: \(line)" }
            guard !line.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                return "the error is not one printable line: \(line.debugDescription)"
            }
        }
        return nil
    }

    private static func write(_ value: JSONValue, to json: inout JSONWriter) {
        switch value {
        case .null: json.null()
        case let .bool(flag): json.bool(flag)
        case let .number(number): json.number(number)
        case let .string(text): json.string(text)
        case let .array(items):
            json.beginArray()
            for item in items { write(item, to: &json) }
            json.endArray()
        case let .object(members):
            json.beginObject()
            for member in members {
                json.key(member.key)
                write(member.value, to: &json)
            }
            json.endObject()
        }
    }
}
