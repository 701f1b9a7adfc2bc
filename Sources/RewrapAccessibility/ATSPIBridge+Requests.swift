import CDBus
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
            guard let property = offered.first(where: { $0.name == name }) else { return .unknownMethod }
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
            guard interface == "org.a11y.atspi.Application", reader.string() == "Id", let id = reader.variantInt32() else {
                return .unknownMethod
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
            return [
                Property(name: "Name", signature: "s") { $0.string(node.name) },
                Property(name: "Description", signature: "s") { $0.string("") },
                Property(name: "Parent", signature: "(so)") { $0.reference(parent) },
                Property(name: "ChildCount", signature: "i") { $0.int32(node.children.count) },
                Property(name: "Locale", signature: "s") { $0.string("") },
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

    // MARK: - org.a11y.atspi.Component

    /// `AtspiCoordType`: 0 screen, 1 the node's window, 2 its parent.
    private func extents(_ node: AccessibleNode, coordinates: UInt32) -> PixelRect {
        switch coordinates {
        case 1:
            return node.frame
        case 2:
            var frame = node.screenFrame(mainWindowAt: origin)
            if let parent = node.parent.flatMap({ tree[$0] }), parent.role != .application {
                let parentFrame = parent.screenFrame(mainWindowAt: origin)
                frame.x -= parentFrame.x
                frame.y -= parentFrame.y
            }
            return frame
        default:
            return node.screenFrame(mainWindowAt: origin)
        }
    }

    /// The deepest node under a point, searched from the last child, which is drawn on top.
    private func node(at x: Int, _ y: Int, coordinates: UInt32, within node: AccessibleNode) -> AccessibleNode? {
        for child in node.children.reversed().compactMap({ tree[$0] }) {
            if let found = self.node(at: x, y, coordinates: coordinates, within: child) { return found }
        }
        return extents(node, coordinates: coordinates).contains(x: x, y: y) ? node : nil
    }

    private func component(_ member: String, _ node: AccessibleNode, _ reader: inout DBusMessageReader,
                           _ writer: inout DBusMessageWriter) -> Answer {
        switch member {
        case "GetExtents":
            guard let coordinates = reader.uint32() else { return .invalidArguments }
            let frame = extents(node, coordinates: coordinates)
            writer.structure {
                $0.int32(frame.x)
                $0.int32(frame.y)
                $0.int32(frame.width)
                $0.int32(frame.height)
            }
        case "GetPosition":
            guard let coordinates = reader.uint32() else { return .invalidArguments }
            let frame = extents(node, coordinates: coordinates)
            writer.int32(frame.x)
            writer.int32(frame.y)
        case "GetSize":
            writer.int32(node.frame.width)
            writer.int32(node.frame.height)
        case "Contains", "GetAccessibleAtPoint":
            guard let x = reader.int32(), let y = reader.int32(), let coordinates = reader.uint32() else { return .invalidArguments }
            if member == "Contains" {
                writer.boolean(extents(node, coordinates: coordinates).contains(x: Int(x), y: Int(y)))
            } else {
                let found = self.node(at: Int(x), Int(y), coordinates: coordinates, within: node).flatMap { $0.key == node.key ? nil : $0 }
                writer.reference(found.map { reference($0.key) } ?? .null)
            }
        case "GetLayer":
            // AtspiComponentLayer: 3 widget, 5 popup, 7 window.
            writer.uint32(node.role == .frame ? 7 : node.window == .main ? 3 : 5)
        case "GetMDIZOrder":
            writer.int16(0)
        case "GetAlpha":
            writer.double(1)
        case "GrabFocus":
            let focusable = node.states.contains(.focusable) && node.window == .main
            if focusable, case .node(let id) = node.key { requests.append(.focus(id)) }
            writer.boolean(focusable)
        case "SetExtents", "SetPosition", "SetSize", "ScrollTo", "ScrollToPoint":
            writer.boolean(false)
        default:
            return .unknownMethod
        }
        return .replied
    }

    // MARK: - org.a11y.atspi.Action

    private func action(_ member: String, _ node: AccessibleNode, _ reader: inout DBusMessageReader,
                        _ writer: inout DBusMessageWriter) -> Answer {
        guard let action = node.action else { return .unknownMethod }
        if member == "GetActions" {
            writer.array(of: "(sss)") { array in
                array.structure {
                    $0.string(action.name)
                    $0.string(action.description)
                    $0.string("")
                }
            }
            return .replied
        }
        guard let index = reader.int32() else { return .invalidArguments }
        guard index == 0 else { return .invalidArguments }
        switch member {
        case "GetName", "GetLocalizedName": writer.string(action.name)
        case "GetDescription": writer.string(action.description)
        case "GetKeyBinding": writer.string("")
        case "DoAction":
            requests.append(.activate(action.target))
            writer.boolean(true)
        default: return .unknownMethod
        }
        return .replied
    }

    // MARK: - org.a11y.atspi.Text

    private func text(_ member: String, _ node: AccessibleNode, _ reader: inout DBusMessageReader,
                      _ writer: inout DBusMessageWriter) -> Answer {
        let text = AccessibleText(node.text ?? "", lines: node.lines)
        func segment(_ granularity: AccessibleText.Granularity, offset: Int32, step: Int) {
            let found = text.segment(at: Int(offset), granularity, step: step)
            writer.string(found.text)
            writer.int32(found.start)
            writer.int32(found.end)
        }
        switch member {
        case "GetText":
            guard let start = reader.int32(), let end = reader.int32() else { return .invalidArguments }
            writer.string(text.text(from: Int(start), to: Int(end)))
        case "GetCharacterAtOffset":
            guard let offset = reader.int32() else { return .invalidArguments }
            writer.int32(text.scalars.indices.contains(Int(offset)) ? Int32(bitPattern: text.scalars[Int(offset)].value) : 0)
        case "GetTextAtOffset", "GetTextBeforeOffset", "GetTextAfterOffset":
            guard let offset = reader.int32(), let boundary = reader.uint32() else { return .invalidArguments }
            let step = member == "GetTextAtOffset" ? 0 : member == "GetTextBeforeOffset" ? -1 : 1
            segment(AccessibleText.granularity(boundary: boundary), offset: offset, step: step)
        case "GetStringAtOffset":
            guard let offset = reader.int32(), let granularity = reader.uint32() else { return .invalidArguments }
            segment(AccessibleText.granularity(of: granularity), offset: offset, step: 0)
        case "GetNSelections":
            writer.int32(0)
        case "GetDefaultAttributes", "GetDefaultAttributeSet":
            writer.array(of: "{ss}") { _ in }
        case "GetAttributes", "GetAttributeRun":
            writer.array(of: "{ss}") { _ in }
            writer.int32(0)
            writer.int32(text.count)
        default:
            return .unknownMethod
        }
        return .replied
    }

    // MARK: - org.a11y.atspi.Selection

    /// A dropdown's menu has its current option selected; the badge's list has none.
    private func selectedChildren(of menu: AccessibleNode) -> [AccessibleKey] {
        menu.children.filter { tree[$0]?.states.contains(.checked) == true }
    }

    private func selection(_ member: String, _ node: AccessibleNode, _ reader: inout DBusMessageReader,
                           _ writer: inout DBusMessageWriter) -> Answer {
        let selected = selectedChildren(of: node)
        switch member {
        case "GetSelectedChild":
            guard let index = reader.int32() else { return .invalidArguments }
            writer.reference(selected.indices.contains(Int(index)) ? reference(selected[Int(index)]) : .null)
        case "IsChildSelected", "SelectChild":
            guard let index = reader.int32() else { return .invalidArguments }
            let child = node.children.indices.contains(Int(index)) ? tree[node.children[Int(index)]] : nil
            if member == "IsChildSelected" {
                writer.boolean(child.map { selected.contains($0.key) } ?? false)
            } else {
                if let target = child?.action?.target { requests.append(.activate(target)) }
                writer.boolean(child?.action != nil)
            }
        case "DeselectSelectedChild", "DeselectChild", "SelectAll", "ClearSelection":
            writer.boolean(false)
        default:
            return .unknownMethod
        }
        return .replied
    }

    // MARK: - org.a11y.atspi.Application

    private func application(_ member: String, _ reader: inout DBusMessageReader, _ writer: inout DBusMessageWriter) -> Answer {
        guard member == "GetLocale" else { return .unknownMethod }
        writer.string("")
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
