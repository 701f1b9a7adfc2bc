/// Why some bytes are not JSON, with the place a person editing the file
/// needs to look.
///
/// - `line` and `column` are 1-based. Lines end at LF. Columns count Unicode
///   scalars, not bytes, so `é` or a tab is one column, as in most editors.
/// - `path` names the innermost value being read, such as
///   `$.menus.items[1].title`, or `$` before or after the top-level value.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var path: String
    public var message: String

    /// An error at `line` and `column`, inside the value at `path`.
    public init(line: Int, column: Int, path: String, message: String) {
        self.line = line
        self.column = column
        self.path = path
        self.message = message
    }

    /// `line 3, column 5: expected ',' or '}', found '"'`
    public var description: String {
        "line \(line), column \(column): \(message)"
    }
}
