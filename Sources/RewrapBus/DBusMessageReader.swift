import CDBus

/// Reads a message's arguments in order; each read fails with nil when
/// the next argument is missing or of another type.
public struct DBusMessageReader {
    private let api: RewrapDBus
    private var iter = DBusMessageIter()
    private var exhausted: Bool

    public init(_ message: OpaquePointer, library: DBusLibrary) {
        api = library.api
        exhausted = api.dbus_message_iter_init(message, &iter) == 0
    }

    public mutating func int32() -> Int32? {
        var value: Int32 = 0
        return basic(DBusType.int32, &value) ? value : nil
    }

    public mutating func uint32() -> UInt32? {
        var value: UInt32 = 0
        return basic(DBusType.uint32, &value) ? value : nil
    }

    public mutating func double() -> Double? {
        var value = 0.0
        return basic(DBusType.double, &value) ? value : nil
    }

    public mutating func string() -> String? {
        var value: UnsafePointer<CChar>?
        guard basic(DBusType.string, &value), let value else { return nil }
        return String(cString: value)
    }

    public mutating func objectPath() -> String? {
        var value: UnsafePointer<CChar>?
        guard basic(DBusType.objectPath, &value), let value else { return nil }
        return String(cString: value)
    }

    public mutating func boolean() -> Bool? {
        var value: UInt32 = 0
        return basic(DBusType.boolean, &value) ? value != 0 : nil
    }

    /// Reads each element of an array with `element`, or nil when the next argument is no array.
    public mutating func array<Element>(_ element: (inout DBusMessageReader) -> Element?) -> [Element]? {
        guard let inner = recurse(DBusType.array) else { return nil }
        var reader = inner
        var elements: [Element] = []
        while !reader.exhausted, let next = element(&reader) { elements.append(next) }
        return elements
    }

    /// Reads the fields of a structure with `fields`, or nil when the next argument is no structure.
    public mutating func structure<Value>(_ fields: (inout DBusMessageReader) -> Value?) -> Value? {
        guard var inner = recurse(DBusType.structure) else { return nil }
        return fields(&inner)
    }

    private mutating func recurse(_ type: Int32) -> DBusMessageReader? {
        guard !exhausted, api.dbus_message_iter_get_arg_type(&iter) == type else { return nil }
        var inner = DBusMessageReader(api: api)
        api.dbus_message_iter_recurse(&iter, &inner.iter)
        inner.exhausted = api.dbus_message_iter_get_arg_type(&inner.iter) == 0
        exhausted = api.dbus_message_iter_next(&iter) == 0
        return inner
    }

    private init(api: RewrapDBus) {
        self.api = api
        exhausted = true
    }

    /// A variant holding an int32, as `Properties.Set` sends one.
    public mutating func variantInt32() -> Int32? {
        guard !exhausted, api.dbus_message_iter_get_arg_type(&iter) == DBusType.variant else { return nil }
        var inner = DBusMessageIter()
        api.dbus_message_iter_recurse(&iter, &inner)
        guard api.dbus_message_iter_get_arg_type(&inner) == DBusType.int32 else { return nil }
        var value: Int32 = 0
        api.dbus_message_iter_get_basic(&inner, &value)
        exhausted = api.dbus_message_iter_next(&iter) == 0
        return value
    }

    /// The basic value of `type` inside a variant, however deeply wrapped:
    /// the desktop portal's `Settings.Read` wraps its answer twice. A
    /// boolean reads as 0 or 1.
    public mutating func variantUInt32(of type: Int32) -> UInt32? {
        guard !exhausted, api.dbus_message_iter_get_arg_type(&iter) == DBusType.variant else { return nil }
        var inner = DBusMessageIter()
        api.dbus_message_iter_recurse(&iter, &inner)
        while api.dbus_message_iter_get_arg_type(&inner) == DBusType.variant {
            var deeper = DBusMessageIter()
            api.dbus_message_iter_recurse(&inner, &deeper)
            inner = deeper
        }
        guard api.dbus_message_iter_get_arg_type(&inner) == type else { return nil }
        var value: UInt32 = 0
        api.dbus_message_iter_get_basic(&inner, &value)
        exhausted = api.dbus_message_iter_next(&iter) == 0
        return value
    }

    /// Reads what a variant holds with `value`, however deeply it is
    /// wrapped (the desktop portal's `Settings.Read` wraps its answer twice),
    /// or nil when the next argument is no variant or `value` fails.
    public mutating func variant<Value>(_ value: (inout DBusMessageReader) -> Value?) -> Value? {
        guard var inner = recurse(DBusType.variant) else { return nil }
        while !inner.exhausted, inner.api.dbus_message_iter_get_arg_type(&inner.iter) == DBusType.variant {
            guard let deeper = inner.recurse(DBusType.variant) else { return nil }
            inner = deeper
        }
        return value(&inner)
    }

    private mutating func basic<Value>(_ type: Int32, _ value: inout Value) -> Bool {
        guard !exhausted, api.dbus_message_iter_get_arg_type(&iter) == type else { return false }
        withUnsafeMutablePointer(to: &value) { api.dbus_message_iter_get_basic(&iter, $0) }
        exhausted = api.dbus_message_iter_next(&iter) == 0
        return true
    }
}
