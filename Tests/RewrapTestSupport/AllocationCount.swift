import CAllocationCount

/// How many times code allocates while it runs, on the thread that runs
/// it: every call to malloc and its kin (Swift's objects, arrays' and
/// strings' buffers, closures' contexts and boxes all come from malloc, as
/// do C's allocations), counted by the test binary's own malloc, which
/// hands each on to glibc's.
///
///     let allocations = AllocationCount.during { app.runPass() }
///     XCTAssertEqual(allocations, 0)
///
/// A sanitizer brings its own malloc, and then nothing is counted.
public enum AllocationCount {
    /// Whether this build counts: not under a sanitizer.
    public static var isAvailable: Bool { rewrap_allocation_count_available() }

    /// The calls to malloc, calloc, realloc and the aligned allocators that
    /// `body` makes on this thread, less its `uncounted` parts.
    public static func during(_ body: () throws -> Void) rethrows -> Int {
        _ = rewrap_allocation_count_take()
        let was = rewrap_allocation_count_on_this_thread(true)
        defer { _ = rewrap_allocation_count_on_this_thread(was) }
        try body()
        _ = rewrap_allocation_count_on_this_thread(false)
        return rewrap_allocation_count_take()
    }

    /// Runs `body` without counting it: what a test's own stand-ins allocate
    /// is not the code under test's.
    public static func uncounted<T>(_ body: () throws -> T) rethrows -> T {
        let was = rewrap_allocation_count_on_this_thread(false)
        defer { _ = rewrap_allocation_count_on_this_thread(was) }
        return try body()
    }
}
