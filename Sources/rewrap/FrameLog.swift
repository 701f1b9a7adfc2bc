import RewrapLayout
import RewrapX11

/// `--frame-log FILE`: one line per drawn frame, `cpu_seconds animating WxH
/// shaped`, for `make bench`. The CPU counts from the start of the loop pass
/// that drew the frame, so a resize's layout counts as well as its paint and
/// copy; `shaped` is how many runs HarfBuzz shaped in that pass.
final class FrameLog {
    private let writer: TraceWriter
    private var passStart = 0.0
    private var shapedAtStart = 0

    init(path: String) throws {
        writer = try TraceWriter(path: path, kind: "frame log")
    }

    func passStarted(_ toolkit: Toolkit) {
        passStart = Clock.processTime
        shapedAtStart = toolkit.text.shapeCount
    }

    /// Flushes first, so the frame's cost includes handing it to the server.
    func frameDrawn(_ toolkit: Toolkit, animating: Bool, viewport: Size) {
        toolkit.connection.flush()
        let shaped = toolkit.text.shapeCount - shapedAtStart
        writer.append(line: "\(Clock.processTime - passStart) \(animating) \(Int(viewport.width))x\(Int(viewport.height)) \(shaped)")
    }
}
