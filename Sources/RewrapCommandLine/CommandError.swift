/// A failure to report in one line before leaving: a malformed argument,
/// whose message names the token (status 2, as usage errors conventionally
/// exit), or a problem met while starting, such as a bad panel (status 1).
public struct CommandError: Error {
    public var message: String
    public var status: Int32

    public init(_ message: String, status: Int32 = 2) {
        self.message = message
        self.status = status
    }
}
