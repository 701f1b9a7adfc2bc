/// A mistake on the command line. Its message names the offending token.
struct CommandError: Error {
    var message: String
    /// 2 for a malformed argument, as usage errors conventionally exit.
    var status: Int32 = 2

    init(_ message: String, status: Int32 = 2) {
        self.message = message
        self.status = status
    }
}
