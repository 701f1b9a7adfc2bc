import RewrapTestFakes
/// Damages panel-file bytes the ways that hand edits, cut-off copies and
/// wrong encodings do, for fuzz and soak tests of the loader.
///
///     var generator = SeededGenerator(seed: 7)
///     let damaged = PanelMutator.mutate(original, using: &generator)
///
/// Works on bytes alone, so it can produce invalid UTF-8 as easily as
/// broken JSON, and depends on nothing but the standard library.
public enum PanelMutator {
    /// Applies one to four mutations, each chosen at random.
    public static func mutate<Generator: RandomNumberGenerator>(_ bytes: [UInt8], using generator: inout Generator) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            // Only insertions can work on nothing, which truncation can leave.
            let choices: [Mutation] = bytes.isEmpty ? [.insertRandomBytes, .insertFragment] : Mutation.allCases
            choices[Int.random(in: choices.indices, using: &generator)].apply(to: &bytes, using: &generator)
        }
        return bytes
    }

    /// Pieces of JSON and of UTF-8 that sit on the parser's edges.
    private static let fragments: [[UInt8]] = [
        "{", "}", "[", "]", ":", ",", "\"", "\\", "\\u", "\\ud83d", "\\udc00", "-", "0", "01", ".", "1e999",
        "true", "null", " ", "\n", "\t", "é", "😀", "/*", String(repeating: "[", count: 70),
    ].map { Array($0.utf8) } + [
        [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xEF, 0xBB, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x00], [0x7F],
    ]

    private enum Mutation: CaseIterable {
        case flipBit
        case deleteRange
        case insertRandomBytes
        case insertFragment
        case duplicateSlice
        case truncate

        func apply<Generator: RandomNumberGenerator>(to bytes: inout [UInt8], using generator: inout Generator) {
            let insertionPoint = Int.random(in: 0...bytes.count, using: &generator)
            switch self {
            case .flipBit:
                let index = Int.random(in: bytes.indices, using: &generator)
                bytes[index] ^= 1 << UInt8.random(in: 0..<8, using: &generator)
            case .deleteRange:
                let range = randomRange(in: bytes, maximumLength: 16, using: &generator)
                bytes.removeSubrange(range)
            case .insertRandomBytes:
                let count = Int.random(in: 1...4, using: &generator)
                let inserted = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
                bytes.insert(contentsOf: inserted, at: insertionPoint)
            case .insertFragment:
                let fragments = PanelMutator.fragments
                bytes.insert(contentsOf: fragments[Int.random(in: fragments.indices, using: &generator)], at: insertionPoint)
            case .duplicateSlice:
                let range = randomRange(in: bytes, maximumLength: 64, using: &generator)
                bytes.insert(contentsOf: bytes[range], at: insertionPoint)
            case .truncate:
                bytes.removeSubrange(Int.random(in: bytes.indices, using: &generator)...)
            }
        }

        private func randomRange<Generator: RandomNumberGenerator>(in bytes: [UInt8], maximumLength: Int,
                                                                   using generator: inout Generator) -> Range<Int> {
            let start = Int.random(in: bytes.indices, using: &generator)
            let length = Int.random(in: 1...maximumLength, using: &generator)
            return start..<min(bytes.count, start + length)
        }
    }
}
