import CX11

/// The XSync counter of `_NET_WM_SYNC_REQUEST` (EWMH): a window manager asks
/// for a value, resizes the window, and waits until the counter shows that
/// value before it paints the frame at the new size.
///
///     let counter = SyncCounter(connection)   // before the window is mapped
///     counter.requested(message)              // the WM_PROTOCOLS client message
///     counter.configured(width: w, height: h) // each ConfigureNotify
///     counter.presented(width: w, height: h)  // after each copy to the window
final class SyncCounter {
    let id: UInt32
    /// Held so the display outlives the counter's destruction.
    private let connection: XConnection
    private var xcb: OpaquePointer { connection.xcb }
    private var ledger = SyncRequestLedger()

    /// Nil when the server has no SYNC. Costs no round trip: the handshake
    /// asked about the extension, and Initialize's reply is not waited for.
    init?(_ connection: XConnection) {
        guard connection.hasSync else { return nil }
        self.connection = connection
        let xcb = connection.xcb
        xcb_discard_reply(xcb, xcb_sync_initialize(xcb, 3, 1).sequence)
        id = xcb_generate_id(xcb)
        xcb_sync_create_counter(xcb, id, xcb_sync_int64_t(hi: 0, lo: 0))
    }

    deinit {
        xcb_sync_destroy_counter(xcb, id)
    }

    /// `data.l[2]` is the value's low 32 bits and `data.l[3]` its high ones.
    func requested(_ message: XClientMessageEvent) {
        let low = UInt64(UInt32(truncatingIfNeeded: message.data.l.2))
        let high = UInt64(UInt32(truncatingIfNeeded: message.data.l.3))
        ledger.requested(Int64(bitPattern: high << 32 | low))
    }

    func configured(width: Int, height: Int) {
        if let value = ledger.configured(width: width, height: height) { set(value) }
    }

    func presented(width: Int, height: Int) {
        if let value = ledger.presented(width: width, height: height) { set(value) }
    }

    /// Goes out after the frame's copy, so the server applies them in that order.
    private func set(_ value: Int64) {
        let bits = UInt64(bitPattern: value)
        xcb_sync_set_counter(xcb, id, xcb_sync_int64_t(hi: Int32(truncatingIfNeeded: bits >> 32), lo: UInt32(truncatingIfNeeded: bits)))
        xcb_flush(xcb)
    }
}
