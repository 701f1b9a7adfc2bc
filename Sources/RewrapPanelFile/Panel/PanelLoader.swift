#if canImport(Glibc)
import Glibc
#endif

/// Reads and checks a panel file (rules §6.3), so the app can refuse a bad one
/// before it opens any window.
///
///     do {
///         let panel = try PanelLoader.load(path: "assets/panel.json", reserving: ["badge"])
///     } catch {
///         print(error.message)   // rewrap: assets/panel.json: $.chips.items[2].id: id "badge" is reserved
///         exit(1)
///     }
public enum PanelLoader {
    /// Far more than any hand-written panel, and small enough to read at once.
    public static let sizeLimit = 4 * 1024 * 1024

    /// The panel in the file at `path`, whose ids must not be any of
    /// `reserved`. A file over `sizeLimit` is refused from its size alone,
    /// without being read.
    public static func load(path: String, reserving reserved: Set<NodeID>) throws(PanelError) -> Panel {
        try parse(contents(of: path), file: path, reserving: reserved)
    }

    /// The panel in `bytes`; `file` only names it in error messages.
    ///
    ///     let panel = try PanelLoader.parse(Array(text.utf8), file: "inline.json", reserving: [])
    public static func parse(_ bytes: [UInt8], file: String, reserving reserved: Set<NodeID>) throws(PanelError) -> Panel {
        let document: JSONValue
        do throws(JSONSyntaxError) {
            document = try JSONParser.parse(bytes)
        } catch {
            throw PanelError(file: file, path: error.path, problem: error.description)
        }
        do throws(SchemaViolation) {
            return try PanelDecoder.decode(document, reserving: reserved)
        } catch {
            throw PanelError(file: file, path: error.path.description, problem: error.problem)
        }
    }

    private static func contents(of path: String) throws(PanelError) -> [UInt8] {
        do throws(BoundedFile.Failure) {
            return try BoundedFile.read(path, limit: sizeLimit)
        } catch {
            switch error {
            case .tooLarge(let size?):
                throw PanelError(file: path, path: "$", problem: "file is too large (\(size) bytes; the limit is \(sizeLimit))")
            case .tooLarge(nil):
                throw PanelError(file: path, path: "$", problem: "file is too large (the limit is \(sizeLimit) bytes)")
            case .missing(let reason), .unreadable(let reason):
                throw PanelError(file: path, path: "$", problem: "cannot read file: \(reason)")
            }
        }
    }
}
