#if canImport(Glibc)
import Glibc
#endif

/// A launcher's startup sequence (freedesktop startup-notification spec): the
/// launcher shows a busy cursor until the program says "remove" for the ID it
/// passed in `DESKTOP_STARTUP_ID`.
///
///     let launch = StartupNotification(id: "rewrap-1-host_TIME123")!
///     launch.removeMessage                         // remove: ID="rewrap-1-host_TIME123"
///     StartupNotification.pieces(of: launch.removeMessage)   // 20-byte ClientMessage payloads
public struct StartupNotification: Equatable, Sendable {
    public let id: String

    /// Nil for a missing or empty ID: then no launcher is waiting.
    public init?(id: String?) {
        guard let id, !id.isEmpty else { return nil }
        self.id = id
    }

    /// Takes the ID out of the environment, so programs started from this
    /// one do not complete the sequence a second time.
    static func fromEnvironment() -> StartupNotification? {
        let id = getenv("DESKTOP_STARTUP_ID").map { String(cString: $0) }
        unsetenv("DESKTOP_STARTUP_ID")
        return StartupNotification(id: id)
    }

    public var removeMessage: String {
        "remove: ID=" + Self.quoted(id)
    }

    /// A value in double quotes, with `"` and `\` escaped by a backslash, so
    /// spaces and quotes in an ID survive.
    public static func quoted(_ value: String) -> String {
        var text = "\""
        for character in value {
            if character == "\"" || character == "\\" { text.append("\\") }
            text.append(character)
        }
        return text + "\""
    }

    /// The message in UTF-8 with its terminating NUL, cut into the 20 bytes
    /// each format-8 ClientMessage carries; the last piece is padded with NULs.
    public static func pieces(of message: String) -> [[UInt8]] {
        let bytes = Array(message.utf8) + [0]
        return stride(from: 0, to: bytes.count, by: 20).map { start in
            let piece = Array(bytes[start..<min(start + 20, bytes.count)])
            return piece + [UInt8](repeating: 0, count: 20 - piece.count)
        }
    }
}
