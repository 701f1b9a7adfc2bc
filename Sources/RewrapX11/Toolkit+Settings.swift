import CX11
import RewrapScene

/// The desktop's settings: XSETTINGS, and the Xft.dpi resource as a fallback.
extension Toolkit {
    /// The desktop's XSETTINGS, or nil when no settings manager runs.
    public func readSettings() -> XSettings? {
        Self.readSettings(connection)
    }

    private static func readSettings(_ connection: XConnection) -> XSettings? {
        let owner = XGetSelectionOwner(connection.display, connection.atom("_XSETTINGS_S\(connection.screen)"))
        guard owner != 0, let property = connection.property("_XSETTINGS_SETTINGS", of: owner) else { return nil }
        return XSettings(parsing: property.bytes)
    }

    /// XSETTINGS `Xft/DPI`, else the `Xft.dpi` resource.
    static func desktopDPI(_ connection: XConnection) -> Double? {
        readSettings(connection)?.dpi ?? resourceDPI(connection)
    }

    /// `Xft.dpi` from the RESOURCE_MANAGER string on the root window.
    private static func resourceDPI(_ connection: XConnection) -> Double? {
        guard let property = connection.property("RESOURCE_MANAGER", of: connection.root) else { return nil }
        let text = String(decoding: property.bytes, as: UTF8.self)
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingSpaces == "Xft.dpi" {
                return Double(parts[1].trimmingSpaces)
            }
        }
        return nil
    }

    func watchSettingsOwner() {
        let display = connection.display
        let owner = XGetSelectionOwner(display, connection.atom("_XSETTINGS_S\(connection.screen)"))
        settingsOwner = owner
        if owner != 0 { XSelectInput(display, owner, PropertyChangeMask | StructureNotifyMask) }
    }
}
