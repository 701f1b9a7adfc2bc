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
        a.text.hasSameScalars(as: b.text) && a.levels == b.levels
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

    /// Whether the two have the very same UTF-8 bytes, where `==` also takes
    /// canonically equivalent text as equal. A cache's key and the label it
    /// is asked for are often one string, which compares by its address;
    /// others compare as memory, eight bytes at a time, not byte by byte
    /// through the UTF-8 view.
    public func hasSameScalars(as other: String) -> Bool {
        let compared = utf8.withContiguousStorageIfAvailable { mine in
            other.utf8.withContiguousStorageIfAvailable { theirs in
                mine.count == theirs.count
                    && (mine.baseAddress == theirs.baseAddress || Self.sameBytes(UnsafeRawBufferPointer(mine), UnsafeRawBufferPointer(theirs)))
            }
        }
        return (compared ?? nil) ?? utf8.elementsEqual(other.utf8)
    }

    private static func sameBytes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset + 8 <= a.count {
            guard a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            else { return false }
            offset += 8
        }
        return a[offset...].elementsEqual(b[offset...])
    }
}
