/// A language's plural rule, from its catalog's `Plural-Forms` header:
/// which of `count` forms a number takes.
///
///     let rule = try PluralRule("nplurals=3; plural=n==1 ? 0 : n==2 ? 1 : 2;")
///     rule.form(for: 2)   // 1
public struct PluralRule: Equatable, Sendable {
    /// How many forms the language has (`nplurals`).
    public let count: Int
    /// Nil for English's rule, so the shared `germanic` holds no tree:
    /// LeakSanitizer cannot follow an indirect enum's tagged pointers from a
    /// global, and called it a leak (`make fuzz`).
    private let expression: PluralExpression?

    /// English's and gettext's default: one, and other (`n != 1`).
    public static let germanic = PluralRule(count: 2, expression: nil)

    /// Every number from 0 to this is tried at load: a rule that divides by
    /// zero or names a form it lacks for any of them is refused then, so it
    /// cannot fail later for a count the window shows.
    public static let checkedRange: ClosedRange<UInt64> = 0...10_000

    private init(count: Int, expression: PluralExpression?) {
        self.count = count
        self.expression = expression
    }

    /// Reads `nplurals=N; plural=EXPRESSION;`, refusing a rule that is not C,
    /// divides by zero, or names a form outside 0..<N for a checked number.
    public init(_ header: String) throws(CatalogError) {
        var fields: [Substring: Substring] = [:]
        for field in header.split(separator: ";") where !field.allSatisfy({ $0 == " " }) {
            guard let equals = field.firstIndex(of: "=") else { throw CatalogError("Plural-Forms field '\(CatalogError.echo(field))' has no '='") }
            fields[field[..<equals].drop { $0 == " " }] = field[field.index(after: equals)...]
        }
        guard let counted = fields["nplurals"], let count = Int(counted.filter { $0 != " " }), (1...20).contains(count) else {
            throw CatalogError("Plural-Forms has no nplurals from 1 to 20")
        }
        guard let plural = fields["plural"] else { throw CatalogError("Plural-Forms has no plural expression") }
        // Checked whole before self is made: a throw after a delegating
        // init leaked the expression under AddressSanitizer (`make fuzz`).
        let expression = try PluralParser.parse(plural)
        for n in Self.checkedRange {
            guard let form = expression.evaluate(n) else { throw CatalogError("Plural-Forms divides by zero for n = \(n)") }
            guard form < count else { throw CatalogError("Plural-Forms gives form \(form) of \(count) for n = \(n)") }
        }
        self.count = count
        self.expression = expression
    }

    /// The form `n` takes; the last form for a number that cannot be
    /// evaluated (never one of the checked range).
    public func form(for n: Int) -> Int {
        guard let expression else { return n == 1 ? 0 : 1 }
        guard n >= 0, let form = expression.evaluate(UInt64(n)), form < count else { return count - 1 }
        return Int(form)
    }
}
