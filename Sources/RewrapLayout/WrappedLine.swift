/// One line of a wrapped paragraph. The Unicode bidi algorithm resolves
/// levels over a whole paragraph and only then orders each line, so a line
/// carries the levels its paragraph gave its scalars, when those can differ
/// from what the line would resolve alone.
///
///     WrappedLine("Shape: Circle")              // orders the same alone
///     WrappedLine("Hello,", levels: [2, 2, 2, 2, 2, 2])
public struct WrappedLine: Hashable, Sendable {
    public let text: String
    /// One per Unicode scalar of `text`; nil when the line orders the same alone.
    public let levels: [UInt8]?

    /// A line of `text`, with the levels its paragraph gave each scalar, or nil to order it alone.
    public init(_ text: String, levels: [UInt8]? = nil) {
        self.text = text
        self.levels = levels
    }

    /// Equal only with the very same scalars. `String`'s own equality holds
    /// for canonically equivalent text, "é" and "e\u{301}", which shapes into
    /// other clusters and takes a level per scalar: a cache keyed by it drew
    /// one with the other's glyphs.
    public static func == (a: Self, b: Self) -> Bool {
        a.text.utf8.elementsEqual(b.text.utf8) && a.levels == b.levels
    }

    public func hash(into hasher: inout Hasher) {
        text.hashScalars(into: &hasher)
        hasher.combine(levels)
    }
}

extension String {
    /// Hashes the UTF-8 bytes, so that canonically equivalent strings,
    /// which `==` takes as equal, hash apart (see `WrappedLine.==`).
    public func hashScalars(into hasher: inout Hasher) {
        var text = self
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
