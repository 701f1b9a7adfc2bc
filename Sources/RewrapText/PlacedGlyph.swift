/// One glyph of a shaped line and where it goes.
public struct PlacedGlyph: Hashable, Sendable {
    /// The glyph's index in its face.
    public var id: UInt32
    /// The index in the line of the first scalar of the glyph's cluster.
    public var cluster: UInt32
    /// Its advance in 26.6 pixels, as HarfBuzz positioned it (pair kerning is off).
    public var advance: Int32
    /// Its origin in whole pixels, from the line's left end and from the
    /// baseline (down is positive).
    public var x: Int32
    public var y: Int32
}
