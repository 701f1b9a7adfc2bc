import CDBus
import RewrapBus
import RewrapScene

/// Action and Selection: what operates the window, as controller inputs.
extension ATSPIBridge {
    func action(_ member: String, _ node: AccessibleNode, _ reader: inout DBusMessageReader,
                        _ writer: inout DBusMessageWriter) -> Answer {
        guard let action = node.action else { return .unknownMethod }
        if member == "GetActions" {
            writer.array(of: "(sss)") { array in
                array.structure {
                    $0.string(action.name)
                    $0.string(action.description)
                    $0.string(action.keyBinding)
                }
            }
            return .replied
        }
        guard let index = reader.int32() else { return .invalidArguments }
        guard index == 0 else { return .invalidArguments }
        switch member {
        case "GetName", "GetLocalizedName": writer.string(action.name)
        case "GetDescription": writer.string(action.description)
        case "GetKeyBinding": writer.string(action.keyBinding)
        case "DoAction":
            requests.append(.activate(action.target))
            writer.boolean(true)
        default: return .unknownMethod
        }
        return .replied
    }

    // MARK: - org.a11y.atspi.Selection

    /// A dropdown's menu has its current option selected; the badge's list has none.
    func selectedChildren(of menu: AccessibleNode) -> [AccessibleKey] {
        menu.children.filter { tree[$0]?.states.contains(.checked) == true }
    }

    func selection(_ member: String, _ node: AccessibleNode, _ reader: inout DBusMessageReader,
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
}
