import CX11
import RewrapLayout
import RewrapScene
#if canImport(Glibc)
import Glibc
#endif

/// `_NET_WORKAREA` and `_NET_CURRENT_DESKTOP` asked for at start-up, before
/// the window opens, to fit its default size. Both requests go out at once
/// and their replies are read after a later wait has brought them in, so
/// they add no round trip of their own.
///
///     let query = WorkAreaQuery(connection)      // sent
///     ...                                         // another request waits for its reply
///     let area = query.workArea()                 // already here
struct WorkAreaQuery {
    private let xcb: OpaquePointer
    private let areas: xcb_get_property_cookie_t
    private let current: xcb_get_property_cookie_t

    init(_ connection: XConnection) {
        xcb = connection.xcb
        let root = xcb_window_t(connection.root)
        // Both atoms came with the start-up batch.
        areas = xcb_get_property(xcb, 0, root, xcb_atom_t(connection.atom("_NET_WORKAREA")), xcb_atom_t(XA_CARDINAL), 0, 1 << 16)
        current = xcb_get_property(xcb, 0, root, xcb_atom_t(connection.atom("_NET_CURRENT_DESKTOP")), xcb_atom_t(XA_CARDINAL), 0, 1)
    }

    /// The current desktop's work area, or nil when none is published or it makes no sense.
    func workArea() -> Rect? {
        Desktop.workArea(cardinals: cardinals(areas), current: cardinals(current).first)
    }

    /// The reply's 32-bit CARDINALs; empty when the property is absent or of another kind.
    private func cardinals(_ cookie: xcb_get_property_cookie_t) -> [Int] {
        guard let reply = xcb_get_property_reply(xcb, cookie, nil) else { return [] }
        defer { free(reply) }
        guard reply.pointee.type == xcb_atom_t(XA_CARDINAL), reply.pointee.format == 32,
              let value = xcb_get_property_value(reply) else { return [] }
        let count = Int(xcb_get_property_value_length(reply)) / 4
        return (0..<count).map { Int(Int32(bitPattern: value.load(fromByteOffset: $0 * 4, as: UInt32.self))) }
    }
}
