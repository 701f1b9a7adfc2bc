/// Which X errors have been reported. Each kind (an error code on a request)
/// is reported once: a failure that repeats every frame, such as a buffer
/// the server cannot allocate, is then one line, not fifty a frame.
struct XErrorReports {
    private var seen: Set<UInt16> = []

    /// True the first time `code` comes back for `request`.
    mutating func isNew(code: UInt8, request: UInt8) -> Bool {
        seen.insert(UInt16(code) << 8 | UInt16(request)).inserted
    }
}
