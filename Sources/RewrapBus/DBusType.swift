/// D-Bus type codes, as the wire format spells them.
public enum DBusType {
    public static let boolean = Int32(UInt8(ascii: "b"))
    public static let int16 = Int32(UInt8(ascii: "n"))
    public static let int32 = Int32(UInt8(ascii: "i"))
    public static let uint32 = Int32(UInt8(ascii: "u"))
    public static let double = Int32(UInt8(ascii: "d"))
    public static let string = Int32(UInt8(ascii: "s"))
    public static let objectPath = Int32(UInt8(ascii: "o"))
    public static let array = Int32(UInt8(ascii: "a"))
    public static let variant = Int32(UInt8(ascii: "v"))
    public static let structure = Int32(UInt8(ascii: "r"))
    public static let dictEntry = Int32(UInt8(ascii: "e"))

    /// A message's type, as `dbus_message_get_type` gives it.
    public static let methodCall: Int32 = 1
    public static let methodReturn: Int32 = 2
    public static let signal: Int32 = 4
}
