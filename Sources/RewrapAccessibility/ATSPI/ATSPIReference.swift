import RewrapBus
/// An AT-SPI object reference, `(so)`: the bus name that serves an object and its path.
struct ATSPIReference: Hashable, Sendable {
    var bus: String
    var path: String

    static let null = ATSPIReference(bus: "", path: "/org/a11y/atspi/null")
    /// The registry's desktop, where applications embed their root.
    static let registry = ATSPIReference(bus: "org.a11y.atspi.Registry", path: ATSPIObjects.rootPath)
}

extension DBusMessageWriter {
    /// An object reference, `(so)`: a bus name and an object path.
    mutating func reference(_ reference: ATSPIReference) {
        structure {
            $0.string(reference.bus)
            $0.objectPath(reference.path)
        }
    }
}
