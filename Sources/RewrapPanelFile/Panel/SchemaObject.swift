/// A JSON object checked against the keys a panel allows there, handing out
/// its members by type.
///
///     let chip = try SchemaObject(value, at: path, keys: ["id", "title"])
///     let title = try chip.string("title")   // or: missing key "title"
struct SchemaObject {
    let path: JSONPath
    private let members: [(key: String, value: JSONValue)]

    /// Refuses anything but an object, then its first unknown key in file
    /// order. Missing keys surface when they are asked for, so problems are
    /// reported in the order the schema reads them.
    init(_ value: JSONValue, at path: JSONPath, keys: [String]) throws(SchemaViolation) {
        guard case .object(let members) = value else { throw SchemaViolation.wrongType(value, at: path, expected: "an object") }
        if let unknown = members.first(where: { !keys.contains($0.key) }) {
            let known = keys.joined(separator: ", ")
            throw SchemaViolation(path.member(unknown.key), "unknown key \(Echo.quoted(unknown.key)) (known keys: \(known))")
        }
        self.path = path
        self.members = members
    }

    func value(_ key: String) throws(SchemaViolation) -> JSONValue {
        guard let member = members.first(where: { $0.key == key }) else {
            throw SchemaViolation(path, "missing key \(Echo.quoted(key))")
        }
        return member.value
    }

    func string(_ key: String) throws(SchemaViolation) -> String {
        try Self.string(value(key), at: path.member(key))
    }

    func array(_ key: String) throws(SchemaViolation) -> [JSONValue] {
        let value = try value(key)
        guard case .array(let elements) = value else { throw SchemaViolation.wrongType(value, at: path.member(key), expected: "an array") }
        return elements
    }

    func object(_ key: String, keys: [String]) throws(SchemaViolation) -> SchemaObject {
        try SchemaObject(value(key), at: path.member(key), keys: keys)
    }

    /// For strings that are not object members, such as a dropdown's options.
    static func string(_ value: JSONValue, at path: JSONPath) throws(SchemaViolation) -> String {
        guard case .string(let text) = value else { throw SchemaViolation.wrongType(value, at: path, expected: "a string") }
        return text
    }
}
