/// A few values found by comparing keys rather than hashing them: the back
/// buffer's colours (a palette has a dozen, and every fill asks for one) and
/// its most recent masks. Past `capacity` the oldest entry goes, and is handed
/// back for its owner to free if it owns it.
struct SmallTable<Key: Equatable, Value> {
    private var entries: [(key: Key, value: Value)] = []
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    subscript(key: Key) -> Value? {
        entries.first { $0.key == key }?.value
    }

    /// Keeps `value` for `key`; returns the value let go to make room.
    mutating func insert(_ value: Value, for key: Key) -> Value? {
        let evicted = entries.count == capacity ? entries.removeFirst().value : nil
        entries.append((key, value))
        return evicted
    }

    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
    }

    var values: [Value] { entries.map(\.value) }
}
