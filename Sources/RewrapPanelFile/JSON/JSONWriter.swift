/// Builds compact JSON text, `{"a": 1, "b": [2, 3]}`, by appending to one
/// string: the app needs no Foundation, and a trace line written every frame
/// costs one buffer rather than a string per value.
///
///     var json = JSONWriter()
///     json.beginObject()
///     json.member("width", 680)
///     json.endObject()
public struct JSONWriter {
    public private(set) var text = ""
    /// The next value or key opens its container, so no comma goes before it.
    private var opensContainer = true

    /// An empty writer with room for `capacity` characters.
    public init(capacity: Int = 256) {
        text.reserveCapacity(capacity)
    }

    /// Opens an object: `{`.
    public mutating func beginObject() {
        separate()
        text += "{"
        opensContainer = true
    }

    /// Closes the innermost object: `}`.
    public mutating func endObject() {
        text += "}"
        opensContainer = false
    }

    /// Opens an array: `[`.
    public mutating func beginArray() {
        separate()
        text += "["
        opensContainer = true
    }

    /// Closes the innermost array: `]`.
    public mutating func endArray() {
        text += "]"
        opensContainer = false
    }

    /// A member's name; its value comes next.
    public mutating func key(_ name: String) {
        separate()
        appendQuoted(name)
        text += ": "
        opensContainer = true
    }

    /// Writes `value` as a JSON string, escaped.
    public mutating func string(_ value: String) {
        separate()
        appendQuoted(value)
    }

    /// Whole numbers print without a fraction; others with Swift's shortest
    /// round-tripping form. JSON has no infinity, so it prints as null.
    public mutating func number(_ value: Double) {
        separate()
        if !value.isFinite {
            text += "null"
        } else if value == value.rounded(), abs(value) < 1e15 {
            text += String(Int64(value))
        } else {
            text += String(value)
        }
    }

    /// Writes a whole number.
    public mutating func number(_ value: Int) {
        separate()
        text += String(value)
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        separate()
        text += value ? "true" : "false"
    }

    /// Writes `null`.
    public mutating func null() {
        separate()
        text += "null"
    }

    /// Writes the member `name` with a number.
    public mutating func member(_ name: String, _ value: Double) {
        key(name)
        number(value)
    }

    /// Writes the member `name` with a whole number.
    public mutating func member(_ name: String, _ value: Int) {
        key(name)
        number(value)
    }

    /// Writes the member `name` with `true` or `false`.
    public mutating func member(_ name: String, _ value: Bool) {
        key(name)
        bool(value)
    }

    /// Writes the member `name` with a string.
    public mutating func member(_ name: String, _ value: String) {
        key(name)
        string(value)
    }

    private mutating func separate() {
        if !opensContainer { text += ", " }
        opensContainer = false
    }

    private mutating func appendQuoted(_ value: String) {
        text += "\""
        // Labels rarely need escaping: copy them whole when they do not.
        if !value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            text += value
        } else {
            for scalar in value.unicodeScalars {
                switch scalar {
                case "\"": text += "\\\""
                case "\\": text += "\\\\"
                case "\n": text += "\\n"
                case "\r": text += "\\r"
                case "\t": text += "\\t"
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
    }
}
