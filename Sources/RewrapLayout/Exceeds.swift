/// Comparisons against a limit forgive the rounding error of summed decimals,
/// so that 100.1 + 8 + 191.9 still counts as reaching 300 exactly.
@inline(__always)
public func exceeds(_ value: Double, _ limit: Double) -> Bool {
    value > limit + 1e-9 * Swift.max(1, abs(limit))
}
