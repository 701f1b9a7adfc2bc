/// What a face's glyphs are made of, which decides how it is sized and
/// rasterised. Whatever the kind, a face's metrics, advances and images
/// come out at the size that was asked for.
public enum FaceKind: Hashable, Sendable {
    /// Outlines, scaled by FreeType to any size.
    case outline
    /// Outlines with colour layers (COLRv0), each filled from the palette.
    case colorLayers
    /// Bitmaps at a few fixed sizes (CBDT, sbix, bitmap fonts): drawn from
    /// the strike of `ppem` pixels per em, scaled by `scale` to the asked size.
    case strikes(ppem: Int, scale: Double)
}
