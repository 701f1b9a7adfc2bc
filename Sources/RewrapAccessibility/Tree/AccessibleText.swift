/// The Text interface's reading of a node's text: offsets count Unicode
/// scalars, as AT-SPI's do, and a line is a line as drawn.
///
///     let text = AccessibleText("Choose a longer option", lines: ["Choose a", "longer option"])
///     text.segment(at: 10, .line)   // ("longer option", 9, 22)
public struct AccessibleText: Sendable {
    public enum Granularity: Sendable {
        case character, word, sentence, line
    }

    public let scalars: [Unicode.Scalar]
    let lineRanges: [Range<Int>]

    public init(_ text: String, lines: [String]) {
        scalars = Array(text.unicodeScalars)
        var ranges: [Range<Int>] = []
        var start = 0
        let drawn = lines.map { Array($0.unicodeScalars) }.filter { !$0.isEmpty }
        for line in drawn {
            guard let found = Self.find(line, in: scalars, from: start) else { break }
            ranges.append(found)
            start = found.upperBound
        }
        // Lines that cannot be found in the text read as one line.
        lineRanges = ranges.count == drawn.count && !ranges.isEmpty ? Self.covering(ranges, count: scalars.count) : [0..<scalars.count]
    }

    public var count: Int { scalars.count }

    /// The text from `start` up to `end`; -1 means the end.
    public func text(from start: Int, to end: Int) -> String {
        let upper = end < 0 ? count : min(end, count)
        let lower = min(max(0, start), upper)
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars[lower..<upper])
        return result
    }

    /// The boundary types of `GetTextAtOffset` (`AtspiTextBoundaryType`).
    public static func granularity(boundary: UInt32) -> Granularity {
        switch boundary {
        case 0: return .character
        case 1, 2: return .word
        case 3, 4: return .sentence
        default: return .line
        }
    }

    /// The granularities of `GetStringAtOffset` (`AtspiTextGranularity`).
    public static func granularity(of value: UInt32) -> Granularity {
        switch value {
        case 0: return .character
        case 1: return .word
        case 3: return .line
        default: return .sentence
        }
    }

    /// The segment that holds `offset`, or the one before (`step` -1) or after (+1) it.
    public func segment(at offset: Int, _ granularity: Granularity, step: Int = 0) -> (text: String, start: Int, end: Int) {
        let segments = self.segments(granularity)
        guard let index = segments.firstIndex(where: { $0.contains(offset) }) ?? (offset >= count ? segments.indices.last : nil),
              segments.indices.contains(index + step) else { return ("", 0, 0) }
        let range = segments[index + step]
        return (text(from: range.lowerBound, to: range.upperBound), range.lowerBound, range.upperBound)
    }

    private func segments(_ granularity: Granularity) -> [Range<Int>] {
        switch granularity {
        case .character:
            return scalars.indices.map { $0..<($0 + 1) }
        case .word:
            // A word runs from its first letter to the next word's, spaces included.
            let starts = scalars.indices.filter { !scalars[$0].properties.isWhitespace && ($0 == 0 || scalars[$0 - 1].properties.isWhitespace) }
            return Self.covering(starts.map { $0..<($0 + 1) }, count: count)
        case .sentence:
            return count == 0 ? [] : [0..<count]
        case .line:
            return count == 0 ? [] : lineRanges
        }
    }

    /// Ranges grown so each runs to the next one's start, the first from 0, the last to `count`.
    private static func covering(_ ranges: [Range<Int>], count: Int) -> [Range<Int>] {
        guard !ranges.isEmpty else { return count == 0 ? [] : [0..<count] }
        var result: [Range<Int>] = []
        for (index, range) in ranges.enumerated() {
            let start = index == 0 ? 0 : range.lowerBound
            let end = index + 1 < ranges.count ? ranges[index + 1].lowerBound : count
            result.append(start..<end)
        }
        return result
    }

    private static func find(_ needle: [Unicode.Scalar], in haystack: [Unicode.Scalar], from start: Int) -> Range<Int>? {
        guard needle.count <= haystack.count else { return nil }
        var index = start
        while index + needle.count <= haystack.count {
            if haystack[index..<(index + needle.count)].elementsEqual(needle) { return index..<(index + needle.count) }
            index += 1
        }
        return nil
    }
}
