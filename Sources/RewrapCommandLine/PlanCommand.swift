import RewrapLayout
import RewrapPanelFile

/// `rewrap plan flow|chips ...`: runs the layout engine on sizes given as
/// arguments and prints the plan as one JSON object.
public enum PlanCommand {
    public static let usage = """
        rewrap plan flow [--width W] [--spacing S] [--direction ltr|rtl] WIDTHxHEIGHT...
            Wraps items in order at width W (a number or inf; omit it for an
            unspecified proposal). Spacing defaults to 8. Prints
            {"width": w, "height": h, "origins": [[x, y], ...]}.
        rewrap plan chips --width W [--spacing S] [--direction ltr|rtl] --badge B WIDTH...
            Shows the longest prefix of chips that fits in W with an "N more"
            badge. B is one badge width, or n comma-separated widths where the
            k-th is the badge's width when k chips are hidden. Prints
            {"visible": v, "hidden": h, "width": w}; with --direction it adds
            "origins": the visible chips' and then the badge's.
        Right to left (rtl), every origin is mirrored inside the reported
        width: x' = width - x - w.
        """

    public static func run(_ tokens: [String]) throws -> String {
        guard let kind = tokens.first else {
            throw CommandError("rewrap plan: expected 'flow' or 'chips'")
        }
        switch kind {
        case "flow": return try flow(Array(tokens.dropFirst()))
        case "chips": return try chips(Array(tokens.dropFirst()))
        default: throw CommandError("rewrap plan: unknown layout '\(kind)', expected 'flow' or 'chips'")
        }
    }

    private static func flow(_ tokens: [String]) throws -> String {
        var arguments = Arguments(tokens, context: "plan flow")
        var proposal = Proposal.unspecified
        var spacing = 8.0
        var direction = LayoutDirection.leftToRight
        while let option = arguments.nextOption() {
            switch option {
            case "--width": proposal = Proposal(width: try width(arguments.value(for: option), context: "flow"))
            case "--spacing": spacing = try arguments.number(for: option)
            case "--direction": direction = try arguments.direction(for: option)
            default: throw CommandError("rewrap plan flow: unknown option '\(option)'")
            }
        }
        let items = try arguments.positionals.map { FlowItem(size: try parseSize($0)) }
        let plan = FlowLayout(spacing: .constant(spacing), direction: direction).plan(for: proposal, items: items)
        var json = JSONWriter(capacity: 32 + 16 * plan.frames.count)
        json.beginObject()
        json.member("width", plan.size.width)
        json.member("height", plan.size.height)
        json.key("origins")
        origins(plan.frames, to: &json)
        json.endObject()
        return json.text
    }

    private static func chips(_ tokens: [String]) throws -> String {
        var arguments = Arguments(tokens, context: "plan chips")
        var width: Double?
        var spacing = 8.0
        var badgeToken: String?
        var direction: LayoutDirection?
        while let option = arguments.nextOption() {
            switch option {
            case "--width": width = try self.width(arguments.value(for: option), context: "chips")
            case "--spacing": spacing = try arguments.number(for: option)
            case "--direction": direction = try arguments.direction(for: option)
            case "--badge": badgeToken = try arguments.value(for: option)
            default: throw CommandError("rewrap plan chips: unknown option '\(option)'")
            }
        }
        guard let width else { throw CommandError("rewrap plan chips: --width is required") }
        let chips = try arguments.positionals.map { token -> Size in
            guard let value = Arguments.parseNumber(token), value >= 0 else {
                throw CommandError("rewrap plan chips: bad chip width '\(token)', expected a number >= 0")
            }
            return Size(width: value, height: 0)
        }
        let badges = try parseBadges(badgeToken, count: chips.count)
        let layout = ChipRowLayout(spacing: spacing, direction: direction ?? .leftToRight)
        let plan = layout.plan(for: Proposal(width: width), chips: chips, badges: badges)
        // rules §6.1 gives the chip row three keys; origins come only with a direction asked for.
        var json = JSONWriter()
        json.beginObject()
        json.member("visible", plan.visible)
        json.member("hidden", plan.hidden)
        json.member("width", plan.size.width)
        if direction != nil {
            json.key("origins")
            origins(plan.frames, to: &json)
        }
        json.endObject()
        return json.text
    }

    private static func origins(_ frames: [Rect], to json: inout JSONWriter) {
        json.beginArray()
        for frame in frames {
            json.beginArray()
            json.number(frame.minX)
            json.number(frame.minY)
            json.endArray()
        }
        json.endArray()
    }

    /// A number, or `inf` for a proposal with no limit.
    private static func width(_ token: String, context: String) throws -> Double {
        if token == "inf" { return .infinity }
        guard let width = Arguments.parseNumber(token) else {
            throw CommandError("rewrap plan \(context): bad width '\(token)', expected a number or inf")
        }
        return width
    }

    private static func parseSize(_ token: String) throws -> Size {
        let parts = token.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let width = Arguments.parseNumber(String(parts[0])), width >= 0,
              let height = Arguments.parseNumber(String(parts[1])), height >= 0 else {
            throw CommandError("rewrap plan flow: bad size '\(token)', expected WIDTHxHEIGHT such as 80x24")
        }
        return Size(width: width, height: height)
    }

    private static func parseBadges(_ token: String?, count: Int) throws -> [Size] {
        guard let token else {
            if count == 0 { return [] }
            throw CommandError("rewrap plan chips: --badge is required")
        }
        let widths = try token.split(separator: ",", omittingEmptySubsequences: false).map { part -> Double in
            guard let value = Arguments.parseNumber(String(part)), value >= 0 else {
                throw CommandError("rewrap plan chips: bad badge width '\(part)' in '\(token)', expected a number >= 0")
            }
            return value
        }
        if widths.count == 1 {
            return Array(repeating: Size(width: widths[0], height: 0), count: count)
        }
        guard widths.count == count else {
            throw CommandError("rewrap plan chips: --badge '\(token)' gives \(widths.count) widths for \(count) chips; give one, or one per chip")
        }
        return widths.map { Size(width: $0, height: 0) }
    }
}
