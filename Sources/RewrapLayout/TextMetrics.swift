/// How much room a line of text takes.
public struct TextMetrics: Hashable, Sendable {
    public var width: Double
    public var ascent: Double
    public var descent: Double

    /// A line `width` wide, reaching `ascent` above its baseline and `descent` below.
    public init(width: Double, ascent: Double, descent: Double) {
        self.width = width
        self.ascent = ascent
        self.descent = descent
    }

    public var height: Double { ascent + descent }
}
