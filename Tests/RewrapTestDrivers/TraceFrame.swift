import Foundation
import RewrapLayout

/// One line of a `--trace` file, decoded.
public struct TraceFrame: Decodable, Sendable {
    public struct DrawnNode: Decodable, Sendable {
        public var id: String
        public var kind: String
        public var text: String
        public var frame: [Double]
        public var target: [Double]
        public var focused: Bool?
        /// The focus ring is drawn around it.
        public var ring: Bool?

        public var rect: Rect { Rect(x: frame[0], y: frame[1], width: frame[2], height: frame[3]) }
        public var targetRect: Rect { Rect(x: target[0], y: target[1], width: target[2], height: target[3]) }
        public var center: (x: Int, y: Int) { (Int(frame[0] + frame[2] / 2), Int(frame[1] + frame[3] / 2)) }
    }

    public struct PopupNode: Decodable, Sendable {
        public var id: String
        public var kind: String
        public var text: String
        public var selected: Bool
        public var frame: [Double]
        public var highlighted: Bool?
    }

    public struct DrawnPopup: Decodable, Sendable {
        public var owner: String
        public var frame: [Double]
        /// The rows listed are those in view; a menu cut to fit the screen
        /// counts the rows scrolled out above and below.
        public var nodes: [PopupNode]
        public var hidden: [Int]

        public var rect: Rect { Rect(x: frame[0], y: frame[1], width: frame[2], height: frame[3]) }
        public var highlighted: String? { nodes.first { $0.highlighted == true }?.id }

        /// Root coordinates of the centre of option `index`.
        public func center(of index: Int) -> (x: Int, y: Int) {
            let row = nodes[index].frame
            return (Int(frame[0] + row[0] + row[2] / 2), Int(frame[1] + row[1] + row[3] / 2))
        }
    }

    public var frame: Int
    public var time: Double
    public var window: [Double]
    public var animating: Bool
    public var scroll: [Double]
    public var nodes: [DrawnNode]
    public var popup: DrawnPopup?

    public func node(_ id: String) -> DrawnNode? { nodes.first { $0.id == id } }
    public func nodes(_ kind: String) -> [DrawnNode] { nodes.filter { $0.kind == kind } }
    public var width: Double { window[0] }
    public var height: Double { window[1] }

    /// The frame as a left-to-right window would show it: every node
    /// mirrored across the window (x' = width − x − w), scroll included.
    public func mirrored() -> TraceFrame {
        var copy = self
        func flip(_ box: [Double]) -> [Double] { [width - box[0] - box[2], box[1], box[2], box[3]] }
        copy.nodes = nodes.map { node in
            var flipped = node
            flipped.frame = flip(node.frame)
            flipped.target = flip(node.target)
            return flipped
        }
        return copy
    }

    /// Every complete line of a trace file; a half-written last line is skipped.
    public static func read(_ path: String) -> [TraceFrame] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return parse(data)
    }

    public static func parse(_ data: Data) -> [TraceFrame] {
        let decoder = JSONDecoder()
        return data.split(separator: UInt8(ascii: "\n")).compactMap { try? decoder.decode(TraceFrame.self, from: Data($0)) }
    }
}
