import CDBus
import RewrapBus
import RewrapScene

/// Text: a node's text by characters, words and drawn lines.
extension ATSPIBridge {
    func text(_ member: String, _ node: AccessibleNode, _ reader: inout DBusMessageReader,
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
}
