/// A failure the user can act on, such as no display or no usable font.
/// Its message is the whole line to print.
public struct ToolkitError: Error, Equatable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}
