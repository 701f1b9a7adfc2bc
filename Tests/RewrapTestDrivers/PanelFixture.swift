import Foundation

/// Panel files made from the shipped English panel, for tests that need one
/// awkward label and everything else as a user would see it.
public enum PanelFixture {
    public static var shippedPath: String { PackagePaths.root + "/assets/panel.json" }

    /// The shipped panel with Arrangement's second option replaced by
    /// `label`, which is also the option selected at start.
    public static func arrangementSelecting(_ label: String) throws -> TemporaryFile {
        let source = try String(contentsOfFile: shippedPath, encoding: .utf8)
        let escaped = label.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let panel = source.replacingOccurrences(of: "\"Evenly spaced columns\"]", with: "\"\(escaped)\"]")
            .replacingOccurrences(of: "\"selected\": \"Rows\"", with: "\"selected\": \"\(escaped)\"")
        return try TemporaryFile(suffix: ".json", contents: Data(panel.utf8))
    }
}
