import Foundation

/// A file under the temporary directory, removed when the value goes away.
public final class TemporaryFile: @unchecked Sendable {
    public let url: URL
    public var path: String { url.path }

    public init(suffix: String = "", contents: Data = Data()) throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("rewrap-\(UUID().uuidString)\(suffix)")
        try contents.write(to: url)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
