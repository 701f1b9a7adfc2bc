import RewrapScene

/// What the back buffer keeps per colour (an Xft colour, a solid picture),
/// found by comparing colours: a palette has a dozen, every fill asks for
/// one, and comparing a dozen costs less than hashing four doubles. Past
/// `capacity` the oldest goes, handed back for its owner to free.
struct ColorTable<Value> {
    private var entries: [(color: Color, value: Value)] = []
    private let capacity = 32

    subscript(color: Color) -> Value? {
        entries.first { $0.color == color }?.value
    }

    /// Keeps `value` for `color`; returns the value let go to make room.
    mutating func insert(_ value: Value, for color: Color) -> Value? {
        let evicted = entries.count == capacity ? entries.removeFirst().value : nil
        entries.append((color, value))
        return evicted
    }

    var values: [Value] { entries.map(\.value) }
}
