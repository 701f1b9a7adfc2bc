import CX11
import RewrapPlatform
import RewrapScene
#if canImport(Glibc)
import Glibc
#endif

/// The start-up handshake: every atom the program knows it needs and the
/// extensions it asks about up front go out together, so they cost one round
/// trip instead of one each. Over `ssh -X` each round trip delays the first frame.
extension XConnection {
    /// Every atom interned at start-up; one not listed costs its own round trip when first used.
    static func startupAtoms(screen: Int32) -> [String] {
        ["UTF8_STRING", "WM_PROTOCOLS", "WM_DELETE_WINDOW", "MANAGER",
         "_NET_WM_NAME", "_NET_WM_PID", "_NET_WM_ICON", "_NET_WM_WINDOW_TYPE", "_NET_WM_WINDOW_TYPE_DROPDOWN_MENU",
         "_NET_WM_SYNC_REQUEST", "_NET_WM_SYNC_REQUEST_COUNTER",
         "_NET_WM_STATE", "_NET_WM_STATE_MAXIMIZED_VERT", "_NET_WM_STATE_MAXIMIZED_HORZ",
         "_NET_STARTUP_ID", "_NET_STARTUP_INFO_BEGIN", "_NET_STARTUP_INFO",
         settingsSelection(screen: screen), "_XSETTINGS_SETTINGS", "AT_SPI_BUS", "_NET_WORKAREA", "_NET_CURRENT_DESKTOP"]
    }

    /// The selection a settings manager owns for `screen` (XSETTINGS).
    static func settingsSelection(screen: Int32) -> String {
        "_XSETTINGS_S" + String(screen)
    }

    /// Sends every InternAtom and the SYNC query, then collects the replies.
    /// Returns the atoms by name and whether the server has SYNC.
    static func handshake(_ xcb: OpaquePointer, atoms names: [String]) -> (atoms: [String: Atom], hasSync: Bool) {
        let cookies = names.map { name in
            name.withCString { xcb_intern_atom(xcb, 0, UInt16(strlen($0)), $0) }
        }
        xcb_prefetch_extension_data(xcb, rewrap_sync_extension())
        var atoms: [String: Atom] = [:]
        for (name, cookie) in zip(names, cookies) {
            guard let reply = xcb_intern_atom_reply(xcb, cookie, nil) else { continue }
            atoms[name] = Atom(reply.pointee.atom)
            free(reply)
        }
        let hasSync = xcb_get_extension_data(xcb, rewrap_sync_extension())?.pointee.present == 1
        return (atoms, hasSync)
    }
}
