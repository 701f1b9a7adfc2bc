/// The few printf directives Rewrap's messages use (`%s`, `%d`, their
/// numbered forms such as `%2$s`, and `%%`), filled in by Rewrap itself:
/// no text from a catalog reaches a C formatter.
///
///     MessageFormat("%2$s — %1$s")?.filled(["Shape", "Circle"])   // "Circle — Shape"
public struct MessageFormat: Equatable, Sendable {
    /// Literal text, and the argument (counted from 0) that follows each piece.
    private var pieces: [(text: String, argument: Argument?)]

    struct Argument: Equatable, Hashable {
        var index: Int
        var isNumber: Bool
    }

    /// The same text and the same arguments in the same places.
    public static func == (a: MessageFormat, b: MessageFormat) -> Bool {
        a.pieces.elementsEqual(b.pieces) { $0.text == $1.text && $0.argument == $1.argument }
    }

    /// Nil for a directive other than those, or numbered and plain ones mixed.
    public init?(_ template: String) {
        pieces = []
        var text = "", next = 0, numbered: Bool?
        var scalars = Substring(template).unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "%" else { text.unicodeScalars.append(scalar); continue }
            var digits = ""
            while let digit = scalars.first, ("0"..."9").contains(digit), digits.count < 2 { digits.unicodeScalars.append(digit); scalars.removeFirst() }
            var index = next
            if !digits.isEmpty {
                guard scalars.popFirst() == "$", let number = Int(digits), number >= 1, numbered != false else { return nil }
                numbered = true
                index = number - 1
            }
            switch scalars.popFirst() {
            case "%" where digits.isEmpty: text += "%"; continue
            case "s": pieces.append((text, Argument(index: index, isNumber: false)))
            case "d": pieces.append((text, Argument(index: index, isNumber: true)))
            default: return nil
            }
            if digits.isEmpty {
                guard numbered != true else { return nil }
                numbered = false
                next += 1
            }
            text = ""
        }
        pieces.append((text, nil))
    }

    var arguments: Set<Argument> {
        Set(pieces.compactMap(\.argument))
    }

    /// Whether a translation may stand for `original`: it asks only for
    /// arguments the original has, as each type; and, unless it is one
    /// plural form (which may leave the number out), for all of them.
    func fits(_ original: MessageFormat, isPluralForm: Bool) -> Bool {
        isPluralForm ? arguments.isSubset(of: original.arguments) : arguments == original.arguments
    }

    /// The text with each directive replaced by its argument.
    public func filled(_ values: [String]) -> String {
        pieces.map { piece in piece.text + (piece.argument.map { $0.index < values.count ? values[$0.index] : "" } ?? "") }.joined()
    }
}
