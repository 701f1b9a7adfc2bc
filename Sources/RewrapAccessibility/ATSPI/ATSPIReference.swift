/// An AT-SPI object reference, `(so)`: the bus name that serves an object and its path.
struct ATSPIReference: Hashable, Sendable {
    var bus: String
    var path: String

    static let null = ATSPIReference(bus: "", path: "/org/a11y/atspi/null")
    /// The registry's desktop, where applications embed their root.
    static let registry = ATSPIReference(bus: "org.a11y.atspi.Registry", path: ATSPIObjects.rootPath)
}
