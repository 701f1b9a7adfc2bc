import RewrapLayout
import RewrapPlatform
import RewrapText

/// `--frame-log FILE`: one line per drawn frame, `cpu_seconds animating WxH
/// shaped`, for `make bench`. The CPU counts from the start of the loop pass
/// that drew the frame, so a resize's layout counts as well as its paint and
/// copy; `shaped` is how many runs HarfBuzz shaped in that pass.
public final class FrameLog {
    private let writer: TraceWriter
    private var passStart = 0.0
    private var shapedAtStart = 0
    /// The engine whose shaping is counted.
    var text: TextEngine?

    /// A log written to `path`.
    public init(path: String) throws {
        writer = try TraceWriter(path: path, kind: "frame log")
    }

    func passStarted() {
        passStart = Clock.processTime
        shapedAtStart = text?.shapeCount ?? 0
    }

    /// Flushes first, so the frame's cost includes handing it to the platform.
    func frameDrawn(_ platform: any Platform, animating: Bool, viewport: Size) {
        platform.flush()
        let shaped = (text?.shapeCount ?? 0) - shapedAtStart
        writer.append(line: "\(Clock.processTime - passStart) \(animating) \(Int(viewport.width))x\(Int(viewport.height)) \(shaped)")
    }
}
