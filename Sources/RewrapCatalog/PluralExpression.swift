/// A `Plural-Forms` expression: the subset of C that gettext accepts
/// (`n`, decimal numbers, `! * / % + - < > <= >= == != && || ?:` and
/// parentheses), evaluated in unsigned long arithmetic as gettext does.
/// Division and modulo by zero give nil instead of a signal.
indirect enum PluralExpression: Equatable, Sendable {
    case n
    case number(UInt64)
    case not(PluralExpression)
    case binary(String, PluralExpression, PluralExpression)
    case conditional(PluralExpression, PluralExpression, PluralExpression)

    func evaluate(_ n: UInt64) -> UInt64? {
        switch self {
        case .n: return n
        case .number(let value): return value
        case .not(let operand): return operand.evaluate(n).map { $0 == 0 ? 1 : 0 }
        case .conditional(let test, let then, let otherwise):
            guard let condition = test.evaluate(n) else { return nil }
            return condition != 0 ? then.evaluate(n) : otherwise.evaluate(n)
        case .binary(let op, let left, let right):
            guard let a = left.evaluate(n) else { return nil }
            // C's && and || do not evaluate their right side when the left decides.
            if op == "&&", a == 0 { return 0 }
            if op == "||", a != 0 { return 1 }
            guard let b = right.evaluate(n) else { return nil }
            switch op {
            case "*": return a &* b
            case "/": return b == 0 ? nil : a / b
            case "%": return b == 0 ? nil : a % b
            case "+": return a &+ b
            case "-": return a &- b
            case "<": return a < b ? 1 : 0
            case ">": return a > b ? 1 : 0
            case "<=": return a <= b ? 1 : 0
            case ">=": return a >= b ? 1 : 0
            case "==": return a == b ? 1 : 0
            case "!=": return a != b ? 1 : 0
            default: return b != 0 ? 1 : 0 // && and || once the left did not decide
            }
        }
    }
}
