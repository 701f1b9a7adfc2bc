/// A panel file that is valid JSON but not a valid panel: the path of the
/// offending value and what is wrong with it.
struct SchemaViolation: Error {
    var path: JSONPath
    var problem: String

    init(_ path: JSONPath, _ problem: String) {
        self.path = path
        self.problem = problem
    }

    /// `expected a string, found a number`
    static func wrongType(_ value: JSONValue, at path: JSONPath, expected: String) -> SchemaViolation {
        SchemaViolation(path, "expected \(expected), found \(value.kindDescription)")
    }
}
