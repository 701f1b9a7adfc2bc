import CDBus
@testable import RewrapAccessibility
import RewrapBus
import RewrapLayout
import RewrapPanelFile
import RewrapScene
import RewrapPlatform
import RewrapTestSupport
@testable import RewrapWayland

extension FuzzTarget {
    /// Any bytes as one D-Bus message in the wire format, as the bus would
    /// deliver it: libdbus reads it (`dbus_message_demarshal`, refusing what
    /// no bus would pass on), and the AT-SPI bridge dispatches it against the
    /// shipped panel with a menu open, every node already numbered, as if a
    /// screen reader had walked the tree. A method call to one of its objects
    /// is answered exactly once (an error counts), unless it asked for no
    /// reply; anything else is left to libdbus, unanswered.
    ///
    /// The same message reaches the desktop portal's reader as if it came
    /// on the session bus: whatever a `SettingChanged` holds, the settings
    /// it gives are each usable or the default.
    public static let dbus = FuzzTarget(name: "dbus") { bytes in
        guard let library = DBusLibrary.shared else { return "libdbus-1.so.3 did not load" }
        let api = library.api
        var error = DBusError()
        api.dbus_error_init(&error)
        defer { api.dbus_error_free(&error) }
        let read = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { api.dbus_message_demarshal($0.baseAddress, Int32(buffer.count), &error) }
        }
        guard let message = read else { return nil }
        defer { api.dbus_message_unref(message) }
        let bridge = ATSPIBridge(library: library, uniqueName: ":1.42", tree: AccessibleFixture.tree)
        for node in AccessibleFixture.tree.inOrder { _ = bridge.reference(node.key) }
        var portal = PortalValues()
        if portal.received(message, library: library) {
            var settings = DesktopSettings()
            portal.apply(to: &settings)
            if let broken = DesktopSettingsRules.broken(settings) { return "the portal's \(broken)" }
        }
        let handled = bridge.handle(message)
        let wantsReply = api.dbus_message_get_no_reply(message) == 0
        switch (handled, wantsReply) {
        case (false, _) where bridge.unsent != 0: return "a message left to libdbus was answered \(bridge.unsent) times"
        case (true, true) where bridge.unsent != 1: return "a method call was answered \(bridge.unsent) times"
        case (true, false) where bridge.unsent > 1: return "a call that wants no reply was answered \(bridge.unsent) times"
        default: return nil
        }
    }
}

/// The tree a screen reader sees of the shipped panel with its first
/// dropdown's menu open, laid out with fixed advances.
enum AccessibleFixture {
    static let tree: AccessibleTree = {
        let state = PanelState(panel: try! PanelLoader.load(path: PanelFixture.shippedPath))
        let scene = PageLayout(metrics: Metrics(), words: .english, measurer: FixedAdvanceMeasurer(), direction: .leftToRight)
            .scene(for: state, viewportWidth: 680)
        let owner = state.panel.menus.items[0]
        let entries = owner.options.map {
            PopupEntry(id: .option($0, of: owner.id), text: $0, isSelected: $0 == state.selection(of: owner.id))
        }
        let rows = entries.indices.map { PixelRect(x: 4, y: 4 + 27 * $0, width: 176, height: 27) }
        let popup = TraceRecord.PopupRecord(menu: PopupMenu(owner: owner.id, entries: entries, highlighted: 1),
                                      frame: PixelRect(x: 300, y: 200, width: 184, height: 8 + 27 * entries.count), rows: rows)
        let drawn = Painter.Frame(scene: scene, presented: scene.nodes.map { PixelRect($0.frame) }, viewport: Size(width: 680, height: 420),
                                  scroll: .zero, focus: nil, hovered: nil, pressed: owner.id)
        return AccessibleTree(application: "rewrap", title: "Rewrap", drawn: drawn, focus: nil, popup: popup, active: true)
    }()
}
