import CText

extension FontFace {
    /// The load flags Xft derives from a pattern (libXft's XftFontInfoFill):
    /// hinting and its style, antialiasing, autohinting, embedded bitmaps.
    static func xftLoadFlags(_ pattern: OpaquePointer) -> (flags: Int32, embolden: Bool) {
        func bool(_ name: String, default value: Bool) -> Bool {
            var result: FcBool = 0
            return FcPatternGetBool(pattern, name, 0, &result) == FcResultMatch ? result != 0 : value
        }
        func integer(_ name: String, default value: Int32) -> Int32 {
            var result: Int32 = 0
            return FcPatternGetInteger(pattern, name, 0, &result) == FcResultMatch ? result : value
        }
        let antialias = bool(FC_ANTIALIAS, default: true)
        let hinting = bool(FC_HINTING, default: true)
        let style = integer(FC_HINT_STYLE, default: Int32(FC_HINT_FULL))
        var flags = Int32(FT_LOAD_DEFAULT)
        if antialias && !bool("embeddedbitmap", default: false) { flags |= Int32(FT_LOAD_NO_BITMAP) }
        if !hinting || style == Int32(FC_HINT_NONE) { flags |= Int32(FT_LOAD_NO_HINTING) }
        if antialias {
            if Int32(FC_HINT_NONE) < style && style < Int32(FC_HINT_FULL) {
                flags |= rewrap_ft_load_target_light()
            } else {
                switch integer(FC_RGBA, default: Int32(FC_RGBA_UNKNOWN)) {
                case Int32(FC_RGBA_RGB), Int32(FC_RGBA_BGR): flags |= rewrap_ft_load_target_lcd()
                case Int32(FC_RGBA_VRGB), Int32(FC_RGBA_VBGR): flags |= rewrap_ft_load_target_lcd_v()
                default: break
                }
            }
        } else {
            flags |= rewrap_ft_load_target_mono()
        }
        if bool(FC_AUTOHINT, default: false) { flags |= Int32(FT_LOAD_FORCE_AUTOHINT) }
        if !bool(FC_GLOBAL_ADVANCE, default: true) { flags |= Int32(FT_LOAD_IGNORE_GLOBAL_ADVANCE_WIDTH) }
        return (flags, bool(FC_EMBOLDEN, default: false))
    }
}
