import CX11
import RewrapLayout
import RewrapPlatform
import RewrapScene
import RewrapText

/// The desktop's settings: XSETTINGS, and the Xft.dpi resource as a fallback.
extension X11Platform {
    /// The settings manager's window and what it publishes, read afresh.
    static func currentSettings(_ connection: XConnection) -> (owner: Window, settings: XSettings?) {
        let owner = XGetSelectionOwner(connection.display, connection.atom(XConnection.settingsSelection(screen: connection.screen)))
        guard owner != 0, let property = connection.property("_XSETTINGS_SETTINGS", of: owner) else { return (owner, nil) }
        return (owner, XSettings(parsing: property.bytes))
    }

    /// Reads the settings again, after a manager started, changed them or
    /// went away, and watches whichever manager now owns them.
    func settingsChanged() -> PlatformEvent {
        let xsettings: XSettings?
        (settingsOwner, xsettings) = Self.currentSettings(connection)
        settings = Self.desktopSettings(xsettings, connection: connection, fontDefaults: settings.fontDefaults)
        watch(settingsOwner: settingsOwner)
        if phase.finished != nil { followCursorSettings() }
        return .settingsChanged
    }

    /// The pointer over Rewrap's windows in the desktop's cursor theme and
    /// size, at the window's scale; X's default when the desktop names
    /// neither. Only a change loads a cursor.
    func followCursorSettings() {
        let scale = Metrics.clamped(scale: settings.scale ?? 1)
        let wanted = settings.cursorTheme == nil && settings.cursorSize == nil
            ? nil : CursorChoice(theme: settings.cursorTheme, size: Int((Double(settings.cursorSize ?? 24) * scale).rounded()))
        guard wanted != cursorChoice else { return }
        cursorChoice = wanted
        let display = connection.display
        let old = pointerCursor
        pointerCursor = wanted.flatMap { choice in
            ThemedCursor.shared?.pointer(on: display, theme: choice.theme, size: choice.size)
        } ?? 0
        for window in [self.window?.id, popup?.window].compactMap({ $0 }) {
            if pointerCursor != 0 { XDefineCursor(display, window, pointerCursor) } else { XUndefineCursor(display, window) }
        }
        if old != 0 { XFreeCursor(display, old) }
        connection.flush()
    }

    func watch(settingsOwner owner: Window) {
        if owner != 0 { XSelectInput(connection.display, owner, PropertyChangeMask | StructureNotifyMask) }
    }

    /// A resource such as `Xft.dpi` from the RESOURCE_MANAGER string on the
    /// root window, which XOpenDisplay has already read, so asking costs no
    /// round trip.
    static func resource(_ name: String, _ connection: XConnection) -> String? {
        guard let resources = XResourceManagerString(connection.display) else { return nil }
        let text = String(cString: resources)
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingSpaces == name {
                return parts[1].trimmingSpaces
            }
        }
        return nil
    }

    /// The settings as every platform states them: theme, contrast, motion,
    /// font and cursor from XSETTINGS, the cursor from the `Xcursor.theme`
    /// and `Xcursor.size` resources where XSETTINGS names none. The scale is
    /// GTK's `Gdk/WindowScalingFactor` with large text from
    /// `Gdk/UnscaledDPI` where both are published; otherwise `Xft/DPI` (or
    /// the `Xft.dpi` resource) scales everything.
    static func desktopSettings(_ xsettings: XSettings?, connection: XConnection, fontDefaults: [FontDefault]) -> DesktopSettings {
        desktopSettings(xsettings, resource: { resource($0, connection) }, fontDefaults: fontDefaults)
    }

    /// The same, with the X resources as a function, so it is checked without a display.
    public static func desktopSettings(_ xsettings: XSettings?, resource: (String) -> String?,
                                       fontDefaults: [FontDefault] = []) -> DesktopSettings {
        var settings = DesktopSettings(themeName: xsettings?.themeName, animationsEnabled: xsettings?.animationsEnabled ?? true,
                                       fontDefaults: fontDefaults)
        if let split = xsettings?.windowScaleAndTextDPI {
            settings.scale = Double(split.scale)
            settings.textScale = DesktopSettings.textScale(split.dpi / 96)
        } else {
            settings.scale = DesktopSettings.scale(dpi: xsettings?.dpi ?? resource("Xft.dpi").flatMap(Double.init))
        }
        settings.highContrast = xsettings?.themeName.map(DesktopSettings.namesHighContrast) ?? false
        settings.interfaceFont = xsettings?.fontName.flatMap(InterfaceFont.init(description:))
        settings.cursorTheme = DesktopSettings.cursorTheme(xsettings?.cursorThemeName ?? resource("Xcursor.theme"))
        settings.cursorSize = DesktopSettings.cursorSize(xsettings?.cursorThemeSize ?? resource("Xcursor.size").flatMap { Int($0) })
        return settings
    }

    /// The properties `XftDefaultSubstitute` adds to a pattern before
    /// fontconfig's own defaults, as this display sets them (its resources
    /// and RENDER's subpixel order), read as libXft reads them.
    public static func xftDefaults(display: OpaquePointer, screen: Int32) -> [FontDefault] {
        XftResources.fontDefaults(display: display, screen: screen)
    }
}

extension Substring {
    /// Without the spaces and tabs at either end, as X resource values are written.
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
