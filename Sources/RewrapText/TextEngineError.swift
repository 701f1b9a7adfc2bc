/// A failure to set up text: no usable font, or a font pattern fontconfig
/// cannot read. Its message is the whole line to print.
public struct TextEngineError: Error, Equatable {
    public var message: String

    /// An error the user reads as `message`.
    public init(_ message: String) {
        self.message = message
    }
}
