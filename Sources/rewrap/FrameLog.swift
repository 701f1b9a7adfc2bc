import RewrapLayout

/// `--frame-log FILE`: one line per drawn frame, `cpu_seconds animating WxH`,
/// for `make bench`. The CPU counts from the start of the loop pass that drew
/// the frame, so a resize's layout counts as well as its paint and copy.
final class FrameLog {
    private let writer: TraceWriter
    private var passStart = 0.0

    init(path: String) throws {
        writer = try TraceWriter(path: path)
    }

    func passStarted() {
        passStart = Clock.processTime
    }

    func frameDrawn(animating: Bool, viewport: Size) {
        writer.append(line: "\(Clock.processTime - passStart) \(animating) \(Int(viewport.width))x\(Int(viewport.height))")
    }
}
