/// Turns a parsed panel file into a `Panel`, checking it against rules §6.3 and
/// stopping at the first problem, in the order the file is read.
///
/// Every string must be free of control characters, since labels are drawn
/// on one line and headings wrap only at spaces. Headings, footers and the
/// window title may be empty; ids, dropdown and chip titles and options may not.
struct PanelDecoder {
    /// The ids the window gives its own nodes, which a panel may not use.
    private let reserved: Set<NodeID>
    /// Where each id was first used, so a duplicate can point back to it.
    private var idPaths: [NodeID: JSONPath] = [:]

    static func decode(_ document: JSONValue, reserving reserved: Set<NodeID>) throws(SchemaViolation) -> Panel {
        var decoder = PanelDecoder(reserved: reserved)
        let root = try SchemaObject(document, at: JSONPath(), keys: ["title", "menus", "chips"])
        let title = try text(root, "title")
        let menus = try decoder.menus(root.object("menus", keys: ["heading", "footer", "items"]))
        let chips = try decoder.chips(root.object("chips", keys: ["heading", "footer", "items"]))
        return Panel(title: title, menus: menus, chips: chips)
    }

    private mutating func menus(_ section: SchemaObject) throws(SchemaViolation) -> MenuSection {
        let heading = try Self.text(section, "heading")
        let footer = try Self.text(section, "footer")
        var items: [DropdownSpec] = []
        for (index, item) in try section.array("items").enumerated() {
            let fields = try SchemaObject(item, at: section.path.member("items").element(index),
                                          keys: ["id", "title", "options", "selected"])
            items.append(try dropdown(fields))
        }
        return MenuSection(heading: heading, footer: footer, items: items)
    }

    private mutating func chips(_ section: SchemaObject) throws(SchemaViolation) -> ChipSection {
        let heading = try Self.text(section, "heading")
        let footer = try Self.text(section, "footer")
        var items: [ChipSpec] = []
        for (index, item) in try section.array("items").enumerated() {
            let fields = try SchemaObject(item, at: section.path.member("items").element(index), keys: ["id", "title"])
            items.append(ChipSpec(id: try claimID(fields), title: try Self.title(fields)))
        }
        return ChipSection(heading: heading, footer: footer, items: items)
    }

    private mutating func dropdown(_ fields: SchemaObject) throws(SchemaViolation) -> DropdownSpec {
        let id = try claimID(fields)
        let title = try Self.title(fields)
        let options = try Self.options(fields)
        let selected = try Self.text(fields, "selected")
        guard options.contains(selected) else {
            throw SchemaViolation(fields.path.member("selected"), "\(Echo.quoted(selected)) is not among the options")
        }
        return DropdownSpec(id: id, title: title, options: options, selected: selected)
    }

    /// Reads an id and reserves it, since ids are unique across dropdowns
    /// and chips together and must not clash with the trace's own ids.
    private mutating func claimID(_ fields: SchemaObject) throws(SchemaViolation) -> NodeID {
        let path = fields.path.member("id")
        let text = try Self.text(fields, "id")
        guard !text.isEmpty else { throw SchemaViolation(path, "id is empty") }
        guard !text.contains(NodeID.separator) else {
            throw SchemaViolation(path, "id \(Echo.quoted(text)) contains \"\(NodeID.separator)\"")
        }
        let id = NodeID(text)
        guard !reserved.contains(id) else { throw SchemaViolation(path, "id \(Echo.quoted(text)) is reserved") }
        if let first = idPaths[id] {
            throw SchemaViolation(path, "duplicate id \(Echo.quoted(text)) (first used at \(first))")
        }
        idPaths[id] = path
        return id
    }

    private static func title(_ fields: SchemaObject) throws(SchemaViolation) -> String {
        let title = try text(fields, "title")
        guard !title.isEmpty else { throw SchemaViolation(fields.path.member("title"), "title is empty") }
        return title
    }

    private static func options(_ fields: SchemaObject) throws(SchemaViolation) -> [String] {
        let path = fields.path.member("options")
        let elements = try fields.array("options")
        guard !elements.isEmpty else { throw SchemaViolation(path, "a dropdown needs at least one option") }
        var options: [String] = []
        // A set beside the list: a 4 MiB file can hold 400,000 options.
        var seen = Set<String>()
        for (index, element) in elements.enumerated() {
            let optionPath = path.element(index)
            let option = try checked(SchemaObject.string(element, at: optionPath), at: optionPath)
            guard !option.isEmpty else { throw SchemaViolation(optionPath, "option is empty") }
            guard seen.insert(option).inserted else { throw SchemaViolation(optionPath, "duplicate option \(Echo.quoted(option))") }
            options.append(option)
        }
        return options
    }

    private static func text(_ fields: SchemaObject, _ key: String) throws(SchemaViolation) -> String {
        try checked(fields.string(key), at: fields.path.member(key))
    }

    private static func checked(_ text: String, at path: JSONPath) throws(SchemaViolation) -> String {
        if let control = text.unicodeScalars.first(where: Echo.isControlOrSeparator) {
            throw SchemaViolation(path, "text contains a control character (\(Echo.codePoint(control)))")
        }
        return text
    }
}
