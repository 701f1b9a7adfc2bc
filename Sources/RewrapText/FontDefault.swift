import CText

/// One fontconfig property and its value, such as `hintstyle` = 3: how the
/// desktop asks for fonts to be rendered.
public struct FontDefault: Hashable, Sendable {
    /// A fontconfig value of the kinds desktops set: a switch, a number or a name.
    public enum Value: Hashable, Sendable {
        case bool(Bool)
        case integer(Int32)
        case double(Double)
    }

    /// The fontconfig property name, such as `antialias` or `dpi`.
    public var property: String
    public var value: Value

    /// The fontconfig `property` set to `value`.
    public init(_ property: String, _ value: Value) {
        self.property = property
        self.value = value
    }

    /// Sets the property on `pattern` (an `FcPattern`) unless it has one already.
    func add(to pattern: OpaquePointer) {
        var present = FcValue()
        guard FcPatternGet(pattern, property, 0, &present) == FcResultNoMatch else { return }
        switch value {
        case .bool(let flag): FcPatternAddBool(pattern, property, flag ? 1 : 0)
        case .integer(let number): FcPatternAddInteger(pattern, property, number)
        case .double(let number): FcPatternAddDouble(pattern, property, number)
        }
    }
}
