import CText

/// FreeType's library handle. Every face keeps it alive, so it is freed
/// only after the last face, whoever holds that face.
final class FreeTypeLibrary {
    let handle: FT_Library

    init() throws(TextEngineError) {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw TextEngineError("rewrap: cannot start FreeType") }
        handle = library
    }

    deinit {
        FT_Done_FreeType(handle)
    }
}
