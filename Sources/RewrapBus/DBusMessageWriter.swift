import CDBus

/// Appends arguments to a message, containers through closures so every
/// container opened is closed.
///
///     var writer = DBusMessageWriter(reply, library: library)
///     writer.structure { $0.string(name); $0.objectPath(path) }   // (so)
public struct DBusMessageWriter {
    private let library: DBusLibrary
    private var iter = DBusMessageIter()

    public init(_ message: OpaquePointer, library: DBusLibrary) {
        self.library = library
        library.api.dbus_message_iter_init_append(message, &iter)
    }

    private init(library: DBusLibrary) {
        self.library = library
    }

    public mutating func int16(_ value: Int16) { basic(DBusType.int16, value) }
    public mutating func int32(_ value: Int32) { basic(DBusType.int32, value) }
    public mutating func int32(_ value: Int) { basic(DBusType.int32, Int32(clamping: value)) }
    public mutating func uint32(_ value: UInt32) { basic(DBusType.uint32, value) }
    public mutating func boolean(_ value: Bool) { basic(DBusType.boolean, UInt32(value ? 1 : 0)) }
    public mutating func double(_ value: Double) { basic(DBusType.double, value) }
    public mutating func string(_ value: String) { text(DBusType.string, value) }
    public mutating func objectPath(_ value: String) { text(DBusType.objectPath, value) }

    public mutating func structure(_ body: (inout DBusMessageWriter) -> Void) {
        container(DBusType.structure, signature: nil, body)
    }

    public mutating func array(of signature: String, _ body: (inout DBusMessageWriter) -> Void) {
        container(DBusType.array, signature: signature, body)
    }

    public mutating func variant(_ signature: String, _ body: (inout DBusMessageWriter) -> Void) {
        container(DBusType.variant, signature: signature, body)
    }

    public mutating func dictEntry(_ body: (inout DBusMessageWriter) -> Void) {
        container(DBusType.dictEntry, signature: nil, body)
    }

    private mutating func container(_ type: Int32, signature: String?, _ body: (inout DBusMessageWriter) -> Void) {
        var inner = DBusMessageWriter(library: library)
        let api = library.api
        if let signature {
            _ = signature.withCString { api.dbus_message_iter_open_container(&iter, type, $0, &inner.iter) }
        } else {
            _ = api.dbus_message_iter_open_container(&iter, type, nil, &inner.iter)
        }
        body(&inner)
        _ = api.dbus_message_iter_close_container(&iter, &inner.iter)
    }

    private mutating func basic<Value>(_ type: Int32, _ value: Value) {
        var value = value
        _ = withUnsafePointer(to: &value) { library.api.dbus_message_iter_append_basic(&iter, type, $0) }
    }

    /// libdbus rejects invalid UTF-8 and embedded NULs; the panel loader already refuses both.
    private mutating func text(_ type: Int32, _ value: String) {
        value.withCString { pointer in
            var pointer: UnsafePointer<CChar>? = pointer
            _ = withUnsafePointer(to: &pointer) { library.api.dbus_message_iter_append_basic(&iter, type, $0) }
        }
    }
}
