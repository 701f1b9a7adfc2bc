import CWayland
#if canImport(Glibc)
import Glibc
#endif

/// The compositor's default pointer, from the cursor theme through
/// libwayland-cursor, on a surface of its own.
final class Cursor {
    private let theme: OpaquePointer
    let surface: OpaquePointer
    private(set) var hotspot = (x: Int32(0), y: Int32(0))

    init?(compositor: OpaquePointer, shm: OpaquePointer, scale: Int32) {
        let size = getenv("XCURSOR_SIZE").flatMap { Int32(String(cString: $0)) } ?? 24
        guard let theme = wl_cursor_theme_load(getenv("XCURSOR_THEME"), size * scale, shm) else { return nil }
        guard let cursor = wl_cursor_theme_get_cursor(theme, "default") ?? wl_cursor_theme_get_cursor(theme, "left_ptr"),
              cursor.pointee.image_count > 0, let image = cursor.pointee.images[0],
              let buffer = wl_cursor_image_get_buffer(image) else {
            wl_cursor_theme_destroy(theme)
            return nil
        }
        self.theme = theme
        surface = wl_compositor_create_surface(compositor)!
        if wl_proxy_get_version(surface) >= 3 { wl_surface_set_buffer_scale(surface, scale) }
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_damage(surface, 0, 0, Int32(image.pointee.width), Int32(image.pointee.height))
        wl_surface_commit(surface)
        hotspot = (Int32(image.pointee.hotspot_x) / scale, Int32(image.pointee.hotspot_y) / scale)
    }

    deinit {
        wl_surface_destroy(surface)
        wl_cursor_theme_destroy(theme)
    }
}
