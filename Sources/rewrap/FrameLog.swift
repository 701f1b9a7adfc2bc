import RewrapLayout

/// `--frame-log FILE`: one line per drawn frame, `cpu_seconds animating WxH
/// shaped`, for `make bench`. The CPU counts from the start of the loop pass
/// that drew the frame, so a resize's layout counts as well as its paint and
/// copy; `shaped` is how many runs HarfBuzz shaped in that pass.
final class FrameLog {
    private let writer: TraceWriter
    private var passStart = 0.0
    private var shapedAtStart = 0

    init(path: String) throws {
        writer = try TraceWriter(path: path)
    }

    /// `shapeCount` is the text engine's running count.
    func passStarted(shapeCount: Int) {
        passStart = Clock.processTime
        shapedAtStart = shapeCount
    }

    func frameDrawn(animating: Bool, viewport: Size, shapeCount: Int) {
        let shaped = shapeCount - shapedAtStart
        writer.append(line: "\(Clock.processTime - passStart) \(animating) \(Int(viewport.width))x\(Int(viewport.height)) \(shaped)")
    }
}
