#if canImport(Glibc)
import Glibc
#endif

/// Which platform a start opens (rules §10.2), and the executable that opens
/// it. Each platform has an executable of its own, rewrap-x11 and
/// rewrap-wayland, that links only that platform's libraries, so a start
/// maps none of the other's; `rewrap`, a shell script, guesses from a scan
/// of the arguments and execs one, which applies these rules and execs the
/// other if the guess was wrong (docs/platforms.md says why this way).
public enum PlatformChoice: Equatable, Sendable {
    /// Asked for: `--platform x11`, REWRAP_PLATFORM=x11, or a `--display`.
    case x11
    /// Asked for: `--platform wayland` or REWRAP_PLATFORM=wayland.
    case wayland
    /// Nothing asked for and no compositor named: X11, whose failure
    /// names both platforms.
    case x11WithoutCompositor
    /// Nothing asked for and a compositor named: Wayland, else X11 after
    /// a one-line note.
    case waylandElseX11

    /// The two executables, by the name `--platform` gives them.
    public enum Executable: String, Sendable {
        case wayland
        case x11

        /// The file's name, beside the launcher or in ../libexec/rewrap.
        public var fileName: String { "rewrap-" + rawValue }
    }

    /// A REWRAP_PLATFORM that names no platform.
    public struct BadVariable: Error {
        public var message: String
    }

    /// What rewrap-wayland found wrong with the compositor, handed to
    /// rewrap-x11 when it falls back, so that one line can name both.
    public static let refusalVariable = "REWRAP_WAYLAND_REFUSED"

    public static let noCompositor = "no Wayland compositor is named (WAYLAND_DISPLAY is unset and there is no $XDG_RUNTIME_DIR/wayland-0)"

    /// The choice for `--platform` (its raw value) and whether `--display`
    /// was given, read with the environment.
    public init(platform: String?, displayNamed: Bool) throws(BadVariable) {
        var asked = platform
        if asked == nil, let variable = Self.environment("REWRAP_PLATFORM"), !variable.isEmpty {
            guard Executable(rawValue: variable) != nil else {
                throw BadVariable(message: "rewrap: bad REWRAP_PLATFORM '\(variable)', expected wayland or x11")
            }
            asked = variable
        }
        switch asked.flatMap(Executable.init(rawValue:)) {
        case .x11?: self = .x11
        case .wayland?: self = .wayland
        // An X display named on the command line asks for X11.
        case nil where displayNamed: self = .x11
        case nil: self = Self.compositorIsNamed ? .waylandElseX11 : .x11WithoutCompositor
        }
    }

    /// The executable that opens this choice: X11's once Wayland has
    /// refused a start that may fall back.
    public var executable: Executable {
        switch self {
        case .x11, .x11WithoutCompositor: .x11
        case .wayland: .wayland
        case .waylandElseX11: Self.refusal == nil ? .wayland : .x11
        }
    }

    /// The compositor's refusal that rewrap-wayland passed on, if any.
    public static var refusal: String? {
        environment(refusalVariable).flatMap { $0.isEmpty ? nil : $0 }
    }

    private static var compositorIsNamed: Bool {
        if let name = environment("WAYLAND_DISPLAY"), !name.isEmpty { return true }
        guard let runtime = environment("XDG_RUNTIME_DIR"), !runtime.isEmpty else { return false }
        return access(runtime + "/wayland-0", F_OK) == 0
    }

    /// Replaces this process with `executable`, given the same arguments
    /// and environment; returns only the message to fail with.
    public static func exec(_ executable: Executable, arguments: [String]) -> String {
        guard let path = path(of: executable) else {
            return "rewrap: \(executable.fileName) is missing beside \(ownPath() ?? "rewrap") and in its ../libexec/rewrap"
        }
        // Nothing written but not yet flushed may be lost across the exec.
        fflush(nil)
        var pointers = arguments.map { strdup($0) } + [nil]
        execv(path, &pointers)
        let reason = String(cString: strerror(errno))
        for pointer in pointers { free(pointer) }
        return "rewrap: cannot start \(path): \(reason)"
    }

    /// Beside this executable in a build folder or in /usr/libexec/rewrap,
    /// else in ../libexec/rewrap from /usr/bin.
    private static func path(of executable: Executable) -> String? {
        guard let own = ownPath(), let slash = own.lastIndex(of: "/") else { return nil }
        let directory = String(own[..<slash])
        for candidate in [directory + "/" + executable.fileName, directory + "/../libexec/rewrap/" + executable.fileName]
        where access(candidate, X_OK) == 0 {
            return candidate
        }
        return nil
    }

    private static func ownPath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
