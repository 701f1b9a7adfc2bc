/// An integer in base 10, exactly as `String(value)` writes it.
///
/// The standard library prints integers with code in three far-apart places
/// that nothing else at start-up runs, and the kernel maps the 64 kB around
/// each place it runs: printing the badge's count kept 192 kB resident.
public enum DecimalText {
    public static func of(_ value: Int) -> String {
        var digits: [UInt8] = []
        var rest = value.magnitude
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        if value < 0 { digits.append(UInt8(ascii: "-")) }
        digits.reverse()
        return String(decoding: digits, as: UTF8.self)
    }
}
