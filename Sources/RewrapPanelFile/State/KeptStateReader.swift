/// Reads a kept state file as strictly as a panel file, but never refuses
/// to start over one: whatever is bad is left at the panel's defaults, the
/// rest is used, and the first problem becomes one line (rules §12).
///
///     let reading = KeptStateReader.read(bytes, file: path, panel: panel)
///     if let problem = reading.problem { writeLine(problem.message) }
///     reading.state.picks   // only picks the panel still offers
///
/// Picks for a dropdown or option the panel no longer has are dropped
/// quietly: the panel changed, the file is not wrong.
public enum KeptStateReader {
    /// A state holds a few picks; far larger than that is not a state file.
    public static let sizeLimit = PanelLoader.sizeLimit

    /// What could be used, and what was wrong, if anything.
    public struct Reading: Equatable, Sendable {
        public var state: KeptState
        public var problem: KeptStateProblem?

        /// `state` as read, with the first `problem` met, if any.
        public init(state: KeptState, problem: KeptStateProblem?) {
            self.state = state
            self.problem = problem
        }
    }

    /// The state in the file at `path` for `panel`; a missing file is no
    /// problem, only nothing kept yet, and neither is a missing folder: a
    /// folder that cannot be made is said once, when something is to be kept.
    public static func load(path: String, panel: Panel) -> Reading {
        do throws(BoundedFile.Failure) {
            return read(try BoundedFile.read(path, limit: sizeLimit), file: path, panel: panel)
        } catch {
            let problem: String
            switch error {
            case .missing: return Reading(state: KeptState(), problem: nil)
            case .tooLarge(let size?): problem = "file is too large (\(size) bytes; the limit is \(sizeLimit))"
            case .tooLarge(nil): problem = "file is too large (the limit is \(sizeLimit) bytes)"
            case .unreadable(let reason): problem = "cannot read file: \(reason)"
            }
            return Reading(state: KeptState(), problem: KeptStateProblem(file: path, path: "$", problem: problem))
        }
    }

    /// The state in `bytes`; `file` only names it in the problem's line.
    public static func read(_ bytes: [UInt8], file: String, panel: Panel) -> Reading {
        let document: JSONValue
        do throws(JSONSyntaxError) {
            document = try JSONParser.parse(bytes)
        } catch {
            return Reading(state: KeptState(), problem: KeptStateProblem(file: file, path: error.path, problem: error.description))
        }
        var problem: SchemaViolation?
        let state = Decoder(panel: panel).decode(document) { if problem == nil { problem = $0 } }
        return Reading(state: state, problem: problem.map {
            KeptStateProblem(file: file, path: $0.path.description, problem: $0.problem)
        })
    }

    /// Decodes member by member, so one bad member costs only itself.
    private struct Decoder {
        let panel: Panel

        /// The state, with each bad member left at its default and told to `report`.
        func decode(_ document: JSONValue, report: (SchemaViolation) -> Void) -> KeptState {
            let root = JSONPath()
            let keys = ["version", "panel", "picks", "size", "maximized"]
            // The whole file is another program's or another version's: none of it is trusted.
            let object: SchemaObject
            do throws(SchemaViolation) {
                object = try SchemaObject(document, at: root, keys: keys)
                try Self.checkVersion(object.value("version"), at: root.member("version"))
            } catch {
                report(error)
                return KeptState()
            }
            var state = KeptState()
            // Which panel file it was for is only for people: the file's name already says.
            func member(_ read: () throws(SchemaViolation) -> Void) {
                do throws(SchemaViolation) { try read() } catch { report(error) }
            }
            member { () throws(SchemaViolation) in _ = try object.string("panel") }
            member { () throws(SchemaViolation) in state.picks = try picks(object.value("picks"), at: root.member("picks"), report: report) }
            member { () throws(SchemaViolation) in state.size = try Self.size(object.value("size"), at: root.member("size")) }
            member { () throws(SchemaViolation) in state.maximized = try Self.bool(object.value("maximized"), at: root.member("maximized")) }
            return state
        }

        private static func checkVersion(_ value: JSONValue, at path: JSONPath) throws(SchemaViolation) {
            guard case .number(let number) = value else { throw SchemaViolation.wrongType(value, at: path, expected: "a number") }
            guard number == number.rounded(), number >= 1 else { throw SchemaViolation(path, "unknown version \(number)") }
            // Whole and at least 1 from here, but perhaps past any Int.
            guard number <= Double(KeptState.version) else {
                throw SchemaViolation(path, "written by a newer Rewrap (version \(number < 1e15 ? String(Int(number)) : String(number)); this one reads \(KeptState.version))")
            }
        }

        /// Only picks the panel still offers; any other is the panel's change,
        /// not the file's fault. A pick that is no string costs only itself.
        private func picks(_ value: JSONValue, at path: JSONPath, report: (SchemaViolation) -> Void) throws(SchemaViolation) -> [NodeID: String] {
            guard case .object(let members) = value else { throw SchemaViolation.wrongType(value, at: path, expected: "an object") }
            var picks: [NodeID: String] = [:]
            for member in members {
                guard case .string(let option) = member.value else {
                    report(SchemaViolation.wrongType(member.value, at: path.member(member.key), expected: "a string"))
                    continue
                }
                let id = NodeID(member.key)
                if panel.menus.items.contains(where: { $0.id == id && $0.options.contains(option) }) { picks[id] = option }
            }
            return picks
        }

        private static func size(_ value: JSONValue, at path: JSONPath) throws(SchemaViolation) -> KeptState.WindowSize? {
            if value == .null { return nil }
            guard case .array(let sides) = value else { throw SchemaViolation.wrongType(value, at: path, expected: "[width, height] or null") }
            guard sides.count == 2 else { throw SchemaViolation(path, "expected [width, height], found \(sides.count) values") }
            var lengths: [Double] = []
            for (index, side) in sides.enumerated() {
                guard case .number(let length) = side else {
                    throw SchemaViolation.wrongType(side, at: path.element(index), expected: "a number")
                }
                guard KeptState.WindowSize.sides.contains(length) else {
                    let sides = KeptState.WindowSize.sides
                    throw SchemaViolation(path.element(index), "\(length) is outside \(Int(sides.lowerBound))...\(Int(sides.upperBound))")
                }
                lengths.append(length)
            }
            return KeptState.WindowSize(width: lengths[0], height: lengths[1])
        }

        private static func bool(_ value: JSONValue, at path: JSONPath) throws(SchemaViolation) -> Bool {
            guard case .bool(let flag) = value else { throw SchemaViolation.wrongType(value, at: path, expected: "true or false") }
            return flag
        }
    }
}

/// What was wrong with a kept state file, as the one line the app prints
/// before it opens its window with the panel's defaults there:
///
///     rewrap: ~/.local/state/rewrap/panel-….json: $.size[0]: expected a number, found a string; the panel's defaults stand there
public struct KeptStateProblem: Equatable, Sendable, CustomStringConvertible {
    public var message: String

    init(file: String, path: String, problem: String) {
        message = Echo.oneLine("rewrap: \(file): \(path): \(problem); the panel's defaults stand there")
    }

    /// The line as printed.
    public var description: String { message }
}
