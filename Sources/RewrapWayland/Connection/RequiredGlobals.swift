import CWayland

/// The globals without which no window can be made: the compositor, shared
/// memory and xdg-shell. One value that exists only when all three were
/// announced, so no caller unwraps one of them.
struct RequiredGlobals {
    let compositor: OpaquePointer
    let shm: OpaquePointer
    let wmBase: OpaquePointer

    /// What the registry announced of them so far: each is nil until bound.
    struct Announced {
        var compositor: OpaquePointer?
        var shm: OpaquePointer?
        var wmBase: OpaquePointer?

        /// The interfaces still missing, by their protocol names.
        var missing: [String] {
            [wmBase == nil ? "xdg_wm_base" : nil, shm == nil ? "wl_shm" : nil, compositor == nil ? "wl_compositor" : nil]
                .compactMap { $0 }
        }

        /// Frees those bound, as the connection closes.
        func destroy() {
            for case let proxy? in [compositor, shm, wmBase] { wl_proxy_destroy(proxy) }
        }
    }

    /// Nil unless all three were announced.
    init?(_ announced: Announced) {
        guard let compositor = announced.compositor, let shm = announced.shm, let wmBase = announced.wmBase else { return nil }
        self.compositor = compositor
        self.shm = shm
        self.wmBase = wmBase
    }
}
