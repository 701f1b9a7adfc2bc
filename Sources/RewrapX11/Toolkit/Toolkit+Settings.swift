import CX11
import RewrapScene

/// The desktop's settings: XSETTINGS, and the Xft.dpi resource as a fallback.
extension Toolkit {
    /// The settings manager's window and what it publishes, read afresh.
    static func currentSettings(_ connection: XConnection) -> (owner: Window, settings: XSettings?) {
        let owner = XGetSelectionOwner(connection.display, connection.atom(XConnection.settingsSelection(screen: connection.screen)))
        guard owner != 0, let property = connection.property("_XSETTINGS_SETTINGS", of: owner) else { return (owner, nil) }
        return (owner, XSettings(parsing: property.bytes))
    }

    /// Reads the settings again, after a manager started, changed them or
    /// went away, and watches whichever manager now owns them.
    func settingsChanged() -> ToolkitEvent {
        (settingsOwner, settings) = Self.currentSettings(connection)
        watch(settingsOwner: settingsOwner)
        followDesktopScale()
        return .settingsChanged
    }

    func watch(settingsOwner owner: Window) {
        if owner != 0 { XSelectInput(connection.display, owner, PropertyChangeMask | StructureNotifyMask) }
    }

    /// `Xft.dpi` from the RESOURCE_MANAGER string on the root window, which
    /// XOpenDisplay has already read, so asking costs no round trip.
    static func resourceDPI(_ connection: XConnection) -> Double? {
        guard let resources = XResourceManagerString(connection.display) else { return nil }
        let text = String(cString: resources)
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingSpaces == "Xft.dpi" {
                return Double(parts[1].trimmingSpaces)
            }
        }
        return nil
    }
}
