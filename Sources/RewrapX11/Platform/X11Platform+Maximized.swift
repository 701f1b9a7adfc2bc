import CX11

/// Maximising, as EWMH has it: `_NET_WM_STATE` holds both
/// `_NET_WM_STATE_MAXIMIZED_VERT` and `_HORZ`. A window asks for it by
/// setting the property before it is mapped; the window manager sets the
/// property as the person maximises and unmaximises.
extension X11Platform {
    /// Before the window is mapped: the window manager maximises it as it maps it.
    func askToOpenMaximized(_ window: MappedWindow) {
        setAtoms("_NET_WM_STATE", [connection.atom("_NET_WM_STATE_MAXIMIZED_VERT"), connection.atom("_NET_WM_STATE_MAXIMIZED_HORZ")],
                 on: window.id)
        window.isMaximized = true
    }

    /// Whether the window manager has the window maximised both ways now (a round trip).
    func readMaximized(_ window: MappedWindow) -> Bool {
        guard let property = connection.property("_NET_WM_STATE", of: window.id, type: XA_ATOM),
              property.type == XA_ATOM, property.format == 32 else { return false }
        let size = MemoryLayout<UInt>.size
        let atoms = property.bytes.withUnsafeBytes { raw in
            stride(from: 0, to: raw.count - size + 1, by: size).map { Atom(raw.loadUnaligned(fromByteOffset: $0, as: UInt.self)) }
        }
        return Self.isMaximized(atoms, vertical: connection.atom("_NET_WM_STATE_MAXIMIZED_VERT"),
                                horizontal: connection.atom("_NET_WM_STATE_MAXIMIZED_HORZ"))
    }

    /// Maximised one way only (a window manager's "maximise vertically") is not maximised.
    static func isMaximized(_ state: [Atom], vertical: Atom, horizontal: Atom) -> Bool {
        state.contains(vertical) && state.contains(horizontal)
    }
}
