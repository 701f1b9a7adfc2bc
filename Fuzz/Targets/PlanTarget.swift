import RewrapCommandLine
import RewrapPanelFile

extension FuzzTarget {
    /// Any arguments to `rewrap plan`, NUL-separated as the kernel hands
    /// them over. Each run either prints one JSON object with finite numbers
    /// only (JSONWriter writes anything else as null), or refuses with a
    /// usage error that names the command.
    public static let plan = FuzzTarget(name: "plan") { bytes in
        let tokens = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        let output: String
        do {
            output = try PlanCommand.run(tokens)
        } catch let error as CommandError {
            guard error.message.hasPrefix("rewrap plan"), error.status == 2 else { return "a refusal of \(tokens): \(error.message) (\(error.status))" }
            return nil
        } catch {
            return "\(tokens) threw \(error), which is no CommandError"
        }
        guard case .object? = try? JSONParser.parse(Array(output.utf8)) else { return "\(tokens) printed \(output), which is no JSON object" }
        guard !output.contains("null") else { return "\(tokens) printed a number that is not finite: \(output)" }
        return nil
    }
}
