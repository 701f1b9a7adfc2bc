import CDBus
import RewrapBus
import RewrapScene

/// Text: a node's text by characters, words and drawn lines, where it is
/// drawn, and its attributes. Nothing is editable or selected, and the
/// caret rests at the start, as in a label.
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
        /// `iiii`: x, y, width and height, each its own argument; zeros for no box.
        func box(_ box: PixelRect?, coordinates: UInt32) {
            let placed = box.map { place($0, of: node, coordinates: coordinates) } ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
            writer.int32(placed.x)
            writer.int32(placed.y)
            writer.int32(placed.width)
            writer.int32(placed.height)
        }
        let frame = PixelRect(x: 0, y: 0, width: node.frame.width, height: node.frame.height)
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
        case "GetCaretOffset":
            writer.int32(0)
        case "SetCaretOffset", "AddSelection", "RemoveSelection", "SetSelection", "ScrollSubstringTo", "ScrollSubstringToPoint":
            writer.boolean(false)
        case "GetNSelections":
            writer.int32(0)
        case "GetSelection":
            guard reader.int32() != nil else { return .invalidArguments }
            writer.int32(0)
            writer.int32(0)
        case "GetCharacterExtents":
            guard let offset = reader.int32(), let coordinates = reader.uint32() else { return .invalidArguments }
            box(text.characterBox(Int(offset), in: frame, rightToLeft: node.rightToLeft), coordinates: coordinates)
        case "GetRangeExtents":
            guard let start = reader.int32(), let end = reader.int32(), let coordinates = reader.uint32() else { return .invalidArguments }
            let upper = end < 0 ? text.count : Int(end)
            box(text.rangeBox(from: Int(start), to: upper, in: frame, rightToLeft: node.rightToLeft), coordinates: coordinates)
        case "GetOffsetAtPoint":
            guard let x = reader.int32(), let y = reader.int32(), let coordinates = reader.uint32() else { return .invalidArguments }
            let origin = place(PixelRect(x: 0, y: 0, width: 0, height: 0), of: node, coordinates: coordinates)
            writer.int32(text.offset(atX: Int(x) - origin.x, y: Int(y) - origin.y, in: frame, rightToLeft: node.rightToLeft))
        case "GetDefaultAttributes", "GetDefaultAttributeSet":
            writer.array(of: "{ss}") { attributes(&$0, node) }
        case "GetAttributes", "GetAttributeRun":
            // One run covers the whole text: it is drawn in one style.
            guard reader.int32() != nil else { return .invalidArguments }
            writer.array(of: "{ss}") { attributes(&$0, node) }
            writer.int32(0)
            writer.int32(text.count)
        case "GetAttributeValue":
            guard reader.int32() != nil, let name = reader.string() else { return .invalidArguments }
            writer.string(textAttributes(of: node).first { $0.name == name }?.value ?? "")
        default:
            return .unknownMethod
        }
        return .replied
    }

    /// The text's attributes in AT-SPI's names (as GTK spells them): the
    /// language Orca picks a voice by, the direction and the weight.
    func textAttributes(of node: AccessibleNode) -> [(name: String, value: String)] {
        var attributes = [(name: "direction", value: node.rightToLeft ? "rtl" : "ltr"),
                          (name: "weight", value: node.isBold ? "700" : "400")]
        if !tree.locale.isEmpty { attributes.insert((name: "language", value: tree.locale), at: 0) }
        return attributes
    }

    private func attributes(_ array: inout DBusMessageWriter, _ node: AccessibleNode) {
        for attribute in textAttributes(of: node) {
            array.dictEntry {
                $0.string(attribute.name)
                $0.string(attribute.value)
            }
        }
    }

    /// A box in the node's own pixels, in the coordinates asked for.
    private func place(_ box: PixelRect, of node: AccessibleNode, coordinates: UInt32) -> PixelRect {
        let frame = extents(node, coordinates: coordinates)
        return PixelRect(x: frame.x + box.x, y: frame.y + box.y, width: box.width, height: box.height)
    }
}
