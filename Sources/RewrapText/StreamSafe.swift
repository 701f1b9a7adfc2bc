/// Unicode's stream-safe bound (UAX #15): no real text needs more than 30
/// combining marks in a row. HarfBuzz places each mark against the ones
/// before it, so a tower of 40,000 on one letter took four seconds to
/// shape; marks past the bound are left out of what is shaped and drawn.
enum StreamSafe {
    static let limit = 30

    /// The scalars, and their levels, without the marks past the bound;
    /// nil when there are none to leave out.
    static func capped(_ scalars: [UInt32], levels: [UInt8]) -> (scalars: [UInt32], levels: [UInt8])? {
        // Nothing below U+0300 combines, so most labels stop here.
        guard scalars.count > limit, scalars.contains(where: { $0 >= 0x300 }) else { return nil }
        var kept: [Int] = []
        var run = 0
        for (index, value) in scalars.enumerated() {
            let combines = value >= 0x300
                && (Unicode.Scalar(value)?.properties.canonicalCombiningClass ?? .notReordered) != .notReordered
            run = combines ? run + 1 : 0
            if run <= limit { kept.append(index) }
        }
        guard kept.count < scalars.count else { return nil }
        return (kept.map { scalars[$0] }, kept.map { levels[$0] })
    }
}
