import CDBus
import RewrapBus

/// Events as AT-SPI signals: `siiva{sv}` on the source's path, the shape
/// libatspi 2.46 parses (atspi-event-listener.c).
extension ATSPIBridge {
    func send(_ event: AccessibleEvent, in tree: AccessibleTree, origin: (x: Int, y: Int)) {
        switch event {
        case .focus(let key):
            signal(key, interface: "org.a11y.atspi.Event.Focus", member: "Focus", detail: "") { $0.int32(0) }
        case .windowActivated(let key, let active):
            let name = tree[key]?.name ?? ""
            signal(key, interface: "org.a11y.atspi.Event.Window", member: active ? "Activate" : "Deactivate", detail: "",
                   signature: "s") { $0.string(name) }
        case .stateChanged(let key, let state, let on):
            signal(key, member: "StateChanged", detail: state.name, detail1: on ? 1 : 0) { $0.int32(0) }
        case .nameChanged(let key, let name):
            signal(key, member: "PropertyChange", detail: "accessible-name", signature: "s") { $0.string(name) }
        case .childAdded(let parent, let index, let child), .childRemoved(let parent, let index, let child):
            let operation = if case .childAdded = event { "add" } else { "remove" }
            signal(parent, member: "ChildrenChanged", detail: operation, detail1: Int32(index), signature: "(so)") {
                $0.reference(reference(child))
            }
        case .boundsChanged(let key):
            guard let frame = tree[key]?.screenFrame(mainWindowAt: origin) else { return }
            signal(key, member: "BoundsChanged", detail: "", signature: "(iiii)") {
                $0.structure {
                    $0.int32(frame.x)
                    $0.int32(frame.y)
                    $0.int32(frame.width)
                    $0.int32(frame.height)
                }
            }
        }
    }

    private func signal(_ source: AccessibleKey, interface: String = "org.a11y.atspi.Event.Object", member: String,
                        detail: String, detail1: Int32 = 0, signature: String = "i",
                        value: (inout DBusMessageWriter) -> Void) {
        guard let message = library.api.dbus_message_new_signal(objects.path(of: source), interface, member) else { return }
        var writer = DBusMessageWriter(message, library: library)
        writer.string(detail)
        writer.int32(detail1)
        writer.int32(0)
        writer.variant(signature, value)
        writer.array(of: "{sv}") { _ in }
        send(message)
    }
}
