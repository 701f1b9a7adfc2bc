/// The bookkeeping of `_NET_WM_SYNC_REQUEST`: when the counter may take the
/// value a window manager asked for. The answer is only once the frame at the
/// size that followed the request has been presented, so a compositing window
/// manager never shows the new frame size around a stale picture.
///
///     var ledger = SyncRequestLedger()
///     ledger.requested(7)
///     ledger.configured(width: 800, height: 500)   // nil: that size is not shown yet
///     ledger.presented(width: 800, height: 500)    // 7: set the counter now
struct SyncRequestLedger: Equatable {
    /// The value of the latest request, until the counter takes it.
    private var value: Int64?
    /// The size the window must show before the counter takes `value`; nil
    /// until the ConfigureNotify that follows the request.
    private var size: (width: Int, height: Int)?
    /// The size of the frame on screen.
    private var shown: (width: Int, height: Int)?

    static func == (a: Self, b: Self) -> Bool {
        a.value == b.value && a.size?.width == b.size?.width && a.size?.height == b.size?.height
            && a.shown?.width == b.shown?.width && a.shown?.height == b.shown?.height
    }

    /// A sync request; the window manager's resize follows it. A second
    /// request before the counter moved replaces the first: the spec asks for
    /// the value of the last one.
    mutating func requested(_ value: Int64) {
        self.value = value
        size = nil
    }

    /// The window's size changed, or a window manager confirmed it. Returns
    /// the value to set at once when that size is already on screen.
    mutating func configured(width: Int, height: Int) -> Int64? {
        guard value != nil else { return nil }
        size = (width, height)
        return settle()
    }

    /// A frame of `width` × `height` reached the window. Returns the value to
    /// set when it is the frame the request was waiting for.
    mutating func presented(width: Int, height: Int) -> Int64? {
        shown = (width, height)
        return settle()
    }

    private mutating func settle() -> Int64? {
        guard let value, let size, let shown, size == shown else { return nil }
        self.value = nil
        self.size = nil
        return value
    }
}
