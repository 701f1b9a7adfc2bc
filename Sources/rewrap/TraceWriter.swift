#if canImport(Glibc)
import Glibc
#endif
import RewrapScene

/// Appends one line per drawn frame to the `--trace` file (or the
/// `--frame-log`), flushed at once so a test can read frames while the
/// program runs.
final class TraceWriter {
    private let file: UnsafeMutablePointer<FILE>

    init(path: String) throws {
        guard let file = fopen(path, "w") else {
            throw CommandError("rewrap: cannot write trace file \"\(path)\": \(String(cString: strerror(errno)))", status: 1)
        }
        self.file = file
    }

    deinit {
        fclose(file)
    }

    func append(_ record: TraceRecord) {
        append(line: record.json)
    }

    func append(line: String) {
        fputs(line + "\n", file)
        fflush(file)
    }
}
