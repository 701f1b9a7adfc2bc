import CDBus
import RewrapBus
import RewrapScene

/// Component: where a node is, in screen, window or parent coordinates.
extension ATSPIBridge {
    /// `AtspiCoordType`: 0 screen, 1 the node's window, 2 its parent.
    func extents(_ node: AccessibleNode, coordinates: UInt32) -> PixelRect {
        switch coordinates {
        case 1:
            return node.frame
        case 2:
            var frame = node.screenFrame(mainWindowAt: origin)
            if let parent = node.parent.flatMap({ tree[$0] }), parent.role != .application {
                let parentFrame = parent.screenFrame(mainWindowAt: origin)
                frame.x -= parentFrame.x
                frame.y -= parentFrame.y
            }
            return frame
        default:
            return node.screenFrame(mainWindowAt: origin)
        }
    }

    /// The deepest node under a point, searched from the last child, which is drawn on top.
    func node(at x: Int, _ y: Int, coordinates: UInt32, within node: AccessibleNode) -> AccessibleNode? {
        for child in node.children.reversed().compactMap({ tree[$0] }) {
            if let found = self.node(at: x, y, coordinates: coordinates, within: child) { return found }
        }
        return extents(node, coordinates: coordinates).contains(x: x, y: y) ? node : nil
    }

    func component(_ member: String, _ node: AccessibleNode, _ reader: inout DBusMessageReader,
                           _ writer: inout DBusMessageWriter) -> Answer {
        switch member {
        case "GetExtents":
            guard let coordinates = reader.uint32() else { return .invalidArguments }
            let frame = extents(node, coordinates: coordinates)
            writer.structure {
                $0.int32(frame.x)
                $0.int32(frame.y)
                $0.int32(frame.width)
                $0.int32(frame.height)
            }
        case "GetPosition":
            guard let coordinates = reader.uint32() else { return .invalidArguments }
            let frame = extents(node, coordinates: coordinates)
            writer.int32(frame.x)
            writer.int32(frame.y)
        case "GetSize":
            writer.int32(node.frame.width)
            writer.int32(node.frame.height)
        case "Contains", "GetAccessibleAtPoint":
            guard let x = reader.int32(), let y = reader.int32(), let coordinates = reader.uint32() else { return .invalidArguments }
            if member == "Contains" {
                writer.boolean(extents(node, coordinates: coordinates).contains(x: Int(x), y: Int(y)))
            } else {
                let found = self.node(at: Int(x), Int(y), coordinates: coordinates, within: node).flatMap { $0.key == node.key ? nil : $0 }
                writer.reference(found.map { reference($0.key) } ?? .null)
            }
        case "GetLayer":
            // AtspiComponentLayer: 3 widget, 5 popup, 7 window.
            writer.uint32(node.role == .frame ? 7 : node.window == .main ? 3 : 5)
        case "GetMDIZOrder":
            writer.int16(0)
        case "GetAlpha":
            writer.double(1)
        case "GrabFocus":
            let focusable = node.states.contains(.focusable) && node.window == .main
            if focusable, case .node(let id) = node.key { requests.append(.focus(id)) }
            writer.boolean(focusable)
        case "SetExtents", "SetPosition", "SetSize", "ScrollTo", "ScrollToPoint":
            writer.boolean(false)
        default:
            return .unknownMethod
        }
        return .replied
    }
}
