#if canImport(Glibc)
import Glibc
#endif
import RewrapCommandLine
import RewrapPanelFile
import RewrapPlatform
import RewrapScene

/// Appends one line per drawn frame to the `--trace` file (or the
/// `--frame-log`), flushed at once so a test can read frames while the
/// program runs. A write that fails (a full disk, a reader that went away)
/// is reported once and ends the writing, not the program.
public final class TraceWriter {
    private let file: UnsafeMutablePointer<FILE>
    private let path: String
    /// "trace" or "frame log", to name the file in messages.
    private let kind: String
    private var failed = false
    /// The next frame's number in the trace.
    private var frame = 0

    /// A writer to `path`, named `kind` in its messages; throws when the file cannot be opened.
    public init(path: String, kind: String = "trace") throws {
        guard let file = fopen(path, "w") else {
            throw CommandError("rewrap: cannot write \(kind) file \"\(path)\": \(String(cString: strerror(errno)))", status: 1)
        }
        self.file = file
        self.path = path
        self.kind = kind
    }

    deinit {
        fclose(file)
    }

    /// One drawn frame, numbered in the order frames were drawn.
    func append(time: Double, animating: Bool, drawn: Painter.Frame, focus: NodeID?, popup: TraceRecord.PopupRecord?) {
        append(line: TraceRecord(frame: frame, time: time, animating: animating, drawn: drawn, focus: focus, popup: popup).json)
        frame += 1
    }

    func append(line: String) {
        guard !failed else { return }
        if fputs(line + "\n", file) < 0 || fflush(file) != 0 {
            failed = true
            let reason = String(cString: strerror(errno))
            writeLine(Echo.oneLine("rewrap: cannot write \(kind) file \"\(path)\": \(reason); no longer writing it"))
        }
    }
}
