import RewrapApp
import RewrapCommandLine
import RewrapPlatform
import RewrapX11

/// The one place that names a platform: the program's window opens on X11.
enum PlatformChoice {
    static func open(_ options: AppOptions) throws -> any Platform {
        do {
            return try Toolkit(display: options.display)
        } catch {
            throw CommandError(error.message, status: 1)
        }
    }
}
