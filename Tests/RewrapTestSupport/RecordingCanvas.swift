import RewrapLayout
import RewrapScene

/// A canvas that keeps every call, so painting can be checked without a display.
public final class RecordingCanvas: Canvas {
    public enum Call: Equatable {
        case clear(Color)
        case fill(Shape, x: Int, y: Int, color: Color)
        case text(String, x: Int, baseline: Int, style: TextStyle, color: Color, clip: PixelRect?)

        /// The same call made `dx`, `dy` pixels further along.
        public func moved(dx: Int, dy: Int) -> Call {
            switch self {
            case .clear:
                return self
            case .fill(let shape, let x, let y, let color):
                return .fill(shape, x: x + dx, y: y + dy, color: color)
            case .text(let text, let x, let baseline, let style, let color, let clip):
                let movedClip = clip.map { PixelRect(x: $0.x + dx, y: $0.y + dy, width: $0.width, height: $0.height) }
                return .text(text, x: x + dx, baseline: baseline + dy, style: style, color: color, clip: movedClip)
            }
        }
    }

    public private(set) var calls: [Call] = []
    /// The lines drawn as lines of a wrapped paragraph, also recorded as text.
    public private(set) var wrappedLines: [WrappedLine] = []

    public init() {}

    public func clear(_ color: Color) {
        calls.append(.clear(color))
    }

    public func fill(_ shape: Shape, x: Int, y: Int, color: Color) {
        calls.append(.fill(shape, x: x, y: y, color: color))
    }

    public func drawText(_ text: String, x: Int, baseline: Int, style: TextStyle, color: Color, clip: PixelRect?) {
        calls.append(.text(text, x: x, baseline: baseline, style: style, color: color, clip: clip))
    }

    public func drawText(_ line: WrappedLine, x: Int, baseline: Int, style: TextStyle, color: Color, clip: PixelRect?) {
        wrappedLines.append(line)
        drawText(line.text, x: x, baseline: baseline, style: style, color: color, clip: clip)
    }

    public var texts: [(text: String, x: Int, baseline: Int, color: Color)] {
        calls.compactMap {
            if case .text(let text, let x, let baseline, _, let color, _) = $0 { return (text, x, baseline, color) }
            return nil
        }
    }

    public var fills: [(shape: Shape, x: Int, y: Int, color: Color)] {
        calls.compactMap {
            if case .fill(let shape, let x, let y, let color) = $0 { return (shape, x, y, color) }
            return nil
        }
    }
}
