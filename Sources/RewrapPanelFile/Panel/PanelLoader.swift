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

    /// Reads with `open` and `read` rather than Foundation, which the app
    /// does not link. Files that report no size, such as pipes, are read up
    /// to the limit and refused past it.
    private static func contents(of path: String) throws(PanelError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw cannotRead(path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw cannotRead(path) }
        let isRegular = status.st_mode & S_IFMT == S_IFREG
        if isRegular, status.st_size > sizeLimit {
            throw PanelError(file: path, path: "$", problem: "file is too large (\(status.st_size) bytes; the limit is \(sizeLimit))")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(isRegular ? Int(status.st_size) : 0)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw cannotRead(path) }
            guard count > 0 else { return bytes }
            bytes.append(contentsOf: chunk[..<count])
            guard bytes.count <= sizeLimit else {
                throw PanelError(file: path, path: "$", problem: "file is too large (the limit is \(sizeLimit) bytes)")
            }
        }
    }

    /// Names the failure with the system's own words, from `errno`.
    private static func cannotRead(_ path: String) -> PanelError {
        PanelError(file: path, path: "$", problem: "cannot read file: \(String(cString: strerror(errno)))")
    }
}
