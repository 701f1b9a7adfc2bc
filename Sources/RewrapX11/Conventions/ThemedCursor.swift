import CX11
#if canImport(Glibc)
import Glibc
#endif

/// The pointer in the desktop's cursor theme and size, through libXcursor,
/// which Xlib itself opens at run time for themed cursors: opened the same
/// way here, so a system without it keeps X's default pointer.
final class ThemedCursor: Sendable {
    private typealias SetTheme = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    private typealias SetSize = @convention(c) (OpaquePointer?, Int32) -> Int32
    private typealias Load = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> UInt

    private let setTheme: SetTheme
    private let setSize: SetSize
    private let load: Load

    /// Nil when libXcursor cannot be opened.
    static let shared: ThemedCursor? = ThemedCursor()

    private init?() {
        guard let library = dlopen("libXcursor.so.1", RTLD_NOW | RTLD_LOCAL),
              let setTheme = dlsym(library, "XcursorSetTheme"), let setSize = dlsym(library, "XcursorSetDefaultSize"),
              let load = dlsym(library, "XcursorLibraryLoadCursor") else { return nil }
        self.setTheme = unsafeBitCast(setTheme, to: SetTheme.self)
        self.setSize = unsafeBitCast(setSize, to: SetSize.self)
        self.load = unsafeBitCast(load, to: Load.self)
    }

    /// The theme's default pointer at `size` pixels, or 0 when the theme has
    /// none; a theme that is not installed gives the default theme's.
    func pointer(on display: OpaquePointer, theme: String?, size: Int) -> Cursor {
        _ = setTheme(display, theme)
        _ = setSize(display, Int32(size))
        let named = load(display, "default")
        return named != 0 ? named : load(display, "left_ptr")
    }
}
