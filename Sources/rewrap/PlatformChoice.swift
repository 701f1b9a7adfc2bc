#if canImport(Glibc)
import Glibc
#endif
import RewrapApp
import RewrapCommandLine
import RewrapPlatform
import RewrapWayland
import RewrapX11

/// The one place that names a platform: Wayland when a compositor is
/// there (WAYLAND_DISPLAY, or the runtime folder's wayland-0), X11
/// otherwise; `--platform` or REWRAP_PLATFORM decides instead, and
/// `--display` asks for X11.
enum PlatformChoice {
    static func open(_ options: AppOptions) throws -> any Platform {
        switch try requested(options) {
        case .x11?:
            return try x11(options)
        case .wayland?:
            do {
                return try WaylandPlatform(display: nil)
            } catch {
                throw CommandError(error.message, status: 1)
            }
        case nil:
            // An X display named on the command line asks for X11.
            if options.display != nil { return try x11(options) }
            guard compositorIsNamed else {
                do {
                    return try Toolkit(display: nil)
                } catch {
                    throw CommandError("rewrap: no display: no Wayland compositor is named (WAYLAND_DISPLAY is unset and "
                                       + "there is no $XDG_RUNTIME_DIR/wayland-0), and \(bare(error.message))", status: 1)
                }
            }
            let wayland: PlatformError
            do {
                return try WaylandPlatform(display: nil)
            } catch {
                wayland = error
            }
            do {
                let platform = try Toolkit(display: options.display)
                writeLine("\(wayland.message); using X11")
                return platform
            } catch {
                throw CommandError("rewrap: no display: \(bare(wayland.message)), and \(bare(error.message))", status: 1)
            }
        }
    }

    private static func requested(_ options: AppOptions) throws -> AppOptions.PlatformName? {
        if let chosen = options.platform { return chosen }
        guard let variable = environment("REWRAP_PLATFORM"), !variable.isEmpty else { return nil }
        guard let chosen = AppOptions.PlatformName(rawValue: variable) else {
            throw CommandError("rewrap: bad REWRAP_PLATFORM '\(variable)', expected wayland or x11")
        }
        return chosen
    }

    private static var compositorIsNamed: Bool {
        if let name = environment("WAYLAND_DISPLAY"), !name.isEmpty { return true }
        guard let runtime = environment("XDG_RUNTIME_DIR"), !runtime.isEmpty else { return false }
        return access(runtime + "/wayland-0", F_OK) == 0
    }

    private static func x11(_ options: AppOptions) throws -> any Platform {
        do {
            return try Toolkit(display: options.display)
        } catch {
            throw CommandError(error.message, status: 1)
        }
    }

    /// A platform's message without its "rewrap: ", to join two in one line.
    private static func bare(_ message: String) -> Substring {
        message.hasPrefix("rewrap: ") ? message.dropFirst("rewrap: ".count) : Substring(message)
    }

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
