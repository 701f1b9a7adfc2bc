/// What Rewrap may write on stderr in normal use: nothing, but for the lines
/// docs/choices.md promises a degraded desktop (rules §14.1): a menu opened
/// without a grab because another client holds the pointer, and an input
/// method server that went away. A library's warning is no exception.
///
///     XCTAssertEqual(DegradedDesktopLines.unpromised(in: window.stderr), [])
public enum DegradedDesktopLines {
    public static let promised = [
        "rewrap: another client holds the pointer; the menu opened without a grab",
        "rewrap: the input method server went away; keys go on without it",
    ]

    /// The lines of `stderr` that are none of the promised ones.
    public static func unpromised(in stderr: String) -> [String] {
        stderr.split(separator: "\n", omittingEmptySubsequences: true).map(String.init).filter { !promised.contains($0) }
    }
}
