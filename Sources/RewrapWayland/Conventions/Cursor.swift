import CWayland
import RewrapPlatform
#if canImport(Glibc)
import Glibc
#endif

/// The compositor's default pointer, from the cursor theme through
/// libwayland-cursor, on a surface of its own. The desktop's theme and size
/// (GNOME's cursor-theme and cursor-size, through the portal) win over
/// XCURSOR_THEME and XCURSOR_SIZE, which win over the default 24 px.
final class Cursor {
    private let theme: OpaquePointer
    let surface: OpaquePointer
    private(set) var hotspot = (x: Int32(0), y: Int32(0))
    /// The buffer scale it was drawn for.
    let scale: Int32
    /// What the desktop named when it was made, so a change is seen.
    private let desktopTheme: String?
    private let desktopSize: Int?

    /// The pointer at `scale`, in the theme and size `settings` name.
    init?(globals: RequiredGlobals, scale: Int32, settings: DesktopSettings = DesktopSettings()) {
        let fromEnvironment = getenv("XCURSOR_SIZE").flatMap { Int(String(cString: $0)) }
        let size = Int32(settings.cursorSize ?? DesktopSettings.cursorSize(fromEnvironment) ?? 24)
        let name = settings.cursorTheme ?? getenv("XCURSOR_THEME").map { String(cString: $0) }
        // A theme that is not installed gives libwayland-cursor's own.
        guard let theme = wl_cursor_theme_load(name, size * scale, globals.shm) else { return nil }
        guard let cursor = wl_cursor_theme_get_cursor(theme, "default") ?? wl_cursor_theme_get_cursor(theme, "left_ptr"),
              cursor.pointee.image_count > 0, let image = cursor.pointee.images[0],
              let buffer = wl_cursor_image_get_buffer(image) else {
            wl_cursor_theme_destroy(theme)
            return nil
        }
        self.theme = theme
        self.scale = scale
        desktopTheme = settings.cursorTheme
        desktopSize = settings.cursorSize
        surface = wl_compositor_create_surface(globals.compositor)!
        if wl_proxy_get_version(surface) >= 3 { wl_surface_set_buffer_scale(surface, scale) }
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_damage(surface, 0, 0, Int32(image.pointee.width), Int32(image.pointee.height))
        wl_surface_commit(surface)
        hotspot = (Int32(image.pointee.hotspot_x) / scale, Int32(image.pointee.hotspot_y) / scale)
    }

    /// False once the desktop names another theme or size than this cursor's.
    func follows(_ settings: DesktopSettings) -> Bool {
        settings.cursorTheme == desktopTheme && settings.cursorSize == desktopSize
    }

    deinit {
        wl_surface_destroy(surface)
        wl_cursor_theme_destroy(theme)
    }
}
