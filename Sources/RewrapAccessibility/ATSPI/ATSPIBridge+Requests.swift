import CDBus
import RewrapBus
import RewrapScene

/// Method calls: each interface's answers, from the tree of this pump.
extension ATSPIBridge {
    enum Answer {
        case replied
        case unknownMethod
        case invalidArguments
    }

    /// One property of an interface: its name, D-Bus signature and value.
    struct Property {
        var name: String
        var signature: String
        var write: (inout DBusMessageWriter) -> Void
    }

    /// Answers a method call addressed to one of our objects; false leaves
    /// anything else to libdbus, which replies UnknownMethod.
    func handle(_ message: OpaquePointer) -> Bool {
        let api = library.api
        guard api.dbus_message_get_type(message) == DBusType.methodCall,
              let path = api.dbus_message_get_path(message).map(String.init(cString:)),
              let member = api.dbus_message_get_member(message).map(String.init(cString:)) else { return false }
        let interface = api.dbus_message_get_interface(message).map(String.init(cString:)) ?? ""
        if path == ATSPIObjects.cachePath, interface == "org.a11y.atspi.Cache", member == "GetItems" {
            // Like Qt's bridge: no bulk cache, so clients ask for live values, which cannot go stale.
            reply(to: message) { $0.array(of: "((so)(so)(so)iiassusau)") { _ in } }
            return true
        }
        guard let key = objects.key(at: path) else { return false }
        guard let node = tree[key] else {
            fail(message, "org.freedesktop.DBus.Error.UnknownObject", "\(path) is no longer shown")
            return true
        }
        guard let reply = api.dbus_message_new_method_return(message) else { return true }
        var reader = DBusMessageReader(message, library: library)
        var writer = DBusMessageWriter(reply, library: library)
        let answer: Answer
        switch interface {
        case "org.freedesktop.DBus.Properties": answer = properties(member, node, &reader, &writer)
        case "org.a11y.atspi.Accessible": answer = accessible(member, node, &reader, &writer)
        case "org.a11y.atspi.Component" where node.role != .application: answer = component(member, node, &reader, &writer)
        case "org.a11y.atspi.Action" where node.action != nil: answer = action(member, node, &reader, &writer)
        case "org.a11y.atspi.Text" where node.text != nil: answer = text(member, node, &reader, &writer)
        case "org.a11y.atspi.Selection" where node.role == .menu: answer = selection(member, node, &reader, &writer)
        case "org.a11y.atspi.Application" where node.role == .application: answer = application(member, &reader, &writer)
        default: answer = .unknownMethod
        }
        switch answer {
        case .replied:
            send(reply)
        case .unknownMethod:
            api.dbus_message_unref(reply)
            fail(message, "org.freedesktop.DBus.Error.UnknownMethod", "\(interface).\(member) is not offered by \(path)")
        case .invalidArguments:
            api.dbus_message_unref(reply)
            fail(message, "org.freedesktop.DBus.Error.InvalidArgs", "bad arguments for \(interface).\(member)")
        }
        return true
    }

    func interfaces(of node: AccessibleNode) -> [String] {
        var names = ["org.a11y.atspi.Accessible"]
        names.append(node.role == .application ? "org.a11y.atspi.Application" : "org.a11y.atspi.Component")
        if node.action != nil { names.append("org.a11y.atspi.Action") }
        if node.text != nil { names.append("org.a11y.atspi.Text") }
        if node.role == .menu { names.append("org.a11y.atspi.Selection") }
        return names
    }

    // MARK: - org.freedesktop.DBus.Properties

    private func properties(_ member: String, _ node: AccessibleNode, _ reader: inout DBusMessageReader,
                            _ writer: inout DBusMessageWriter) -> Answer {
        guard let interface = reader.string() else { return .invalidArguments }
        let offered = interfaces(of: node).contains(interface) ? properties(of: interface, node) : []
        switch member {
        case "Get":
            guard let name = reader.string() else { return .invalidArguments }
            // InvalidArgs for a property there is not, as GDBus replies.
            guard let property = offered.first(where: { $0.name == name }) else { return .invalidArguments }
            writer.variant(property.signature, property.write)
        case "GetAll":
            writer.array(of: "{sv}") { array in
                for property in offered {
                    array.dictEntry {
                        $0.string(property.name)
                        $0.variant(property.signature, property.write)
                    }
                }
            }
        case "Set":
            // Only the registry's Id is writable; anything else is refused as GDBus refuses it.
            guard interface == "org.a11y.atspi.Application", reader.string() == "Id", let id = reader.variantInt32() else {
                return .invalidArguments
            }
            applicationID = id
        default:
            return .unknownMethod
        }
        return .replied
    }

    private func properties(of interface: String, _ node: AccessibleNode) -> [Property] {
        switch interface {
        case "org.a11y.atspi.Accessible":
            let parent = node.parent.map(reference) ?? .null
            let locale = tree.locale
            return [
                Property(name: "Name", signature: "s") { $0.string(node.name) },
                Property(name: "Description", signature: "s") { $0.string("") },
                Property(name: "Parent", signature: "(so)") { $0.reference(parent) },
                Property(name: "ChildCount", signature: "i") { $0.int32(node.children.count) },
                Property(name: "Locale", signature: "s") { $0.string(locale) },
                Property(name: "AccessibleId", signature: "s") { $0.string(ATSPIObjects.accessibleID(of: node.key)) },
            ]
        case "org.a11y.atspi.Application":
            return [
                Property(name: "ToolkitName", signature: "s") { $0.string("Rewrap") },
                Property(name: "Version", signature: "s") { $0.string("1.0") },
                Property(name: "AtspiVersion", signature: "s") { $0.string("2.1") },
                Property(name: "Id", signature: "i") { [applicationID] in $0.int32(applicationID) },
            ]
        case "org.a11y.atspi.Action":
            return [Property(name: "NActions", signature: "i") { $0.int32(node.action == nil ? 0 : 1) }]
        case "org.a11y.atspi.Text":
            let count = AccessibleText(node.text ?? "", lines: node.lines).count
            return [Property(name: "CharacterCount", signature: "i") { $0.int32(count) },
                    Property(name: "CaretOffset", signature: "i") { $0.int32(0) }]
        case "org.a11y.atspi.Selection":
            let count = selectedChildren(of: node).count
            return [Property(name: "NSelectedChildren", signature: "i") { $0.int32(count) }]
        default:
            return []
        }
    }

    // MARK: - org.a11y.atspi.Accessible

    private func accessible(_ member: String, _ node: AccessibleNode, _ reader: inout DBusMessageReader,
                            _ writer: inout DBusMessageWriter) -> Answer {
        switch member {
        case "GetChildAtIndex":
            guard let index = reader.int32() else { return .invalidArguments }
            guard node.children.indices.contains(Int(index)) else { return .invalidArguments }
            writer.reference(reference(node.children[Int(index)]))
        case "GetChildren":
            writer.array(of: "(so)") { array in for child in node.children { array.reference(reference(child)) } }
        case "GetIndexInParent":
            writer.int32(tree.index(of: node.key) ?? -1)
        case "GetRelationSet":
            writer.array(of: "(ua(so))") { _ in }
        case "GetRole":
            writer.uint32(node.role.rawValue)
        case "GetRoleName", "GetLocalizedRoleName":
            writer.string(node.role.name)
        case "GetState":
            writer.array(of: "u") { array in for word in AccessibleState.words(node.states) { array.uint32(word) } }
        case "GetAttributes":
            writer.array(of: "{ss}") { _ in }
        case "GetApplication":
            writer.reference(reference(.application))
        case "GetInterfaces":
            writer.array(of: "s") { array in for name in interfaces(of: node) { array.string(name) } }
        default:
            return .unknownMethod
        }
        return .replied
    }

    // MARK: - org.a11y.atspi.Application

    private func application(_ member: String, _ reader: inout DBusMessageReader, _ writer: inout DBusMessageWriter) -> Answer {
        guard member == "GetLocale" else { return .unknownMethod }
        writer.string(tree.locale)
        return .replied
    }

    // MARK: - Replies

    private func reply(to message: OpaquePointer, _ body: (inout DBusMessageWriter) -> Void) {
        guard let reply = library.api.dbus_message_new_method_return(message) else { return }
        var writer = DBusMessageWriter(reply, library: library)
        body(&writer)
        send(reply)
    }

    private func fail(_ message: OpaquePointer, _ name: String, _ text: String) {
        guard library.api.dbus_message_get_no_reply(message) == 0,
              let error = library.api.dbus_message_new_error(message, name, text) else { return }
        send(error)
    }
}
