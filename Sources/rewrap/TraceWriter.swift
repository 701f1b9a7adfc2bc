#if canImport(Glibc)
import Glibc
#endif
import RewrapCommandLine
import RewrapPanelFile
import RewrapScene

/// Appends one line per drawn frame to the `--trace` file (or the
/// `--frame-log`), flushed at once so a test can read frames while the
/// program runs.
final class TraceWriter {
    private let file: UnsafeMutablePointer<FILE>
    /// The next frame's number in the trace.
    private var frame = 0

    init(path: String) throws {
        guard let file = fopen(path, "w") else {
            throw CommandError("rewrap: cannot write trace file \"\(path)\": \(String(cString: strerror(errno)))", status: 1)
        }
        self.file = file
    }

    deinit {
        fclose(file)
    }

    /// One drawn frame, numbered in the order frames were drawn.
    func append(time: Double, animating: Bool, drawn: Painter.Frame, focus: NodeID?, popup: TraceRecord.Popup?) {
        append(line: TraceRecord(frame: frame, time: time, animating: animating, drawn: drawn, focus: focus, popup: popup).json)
        frame += 1
    }

    func append(line: String) {
        fputs(line + "\n", file)
        fflush(file)
    }
}
