import Foundation
import PackagePlugin

/// Generates a C target's Wayland protocol glue at build time with
/// wayland-scanner: for each protocol the client header (under include/,
/// with a module map naming them all) and the interface tables. The target
/// lists system protocols in `protocols.list`, one path a line relative to
/// wayland-protocols' folder, and may hold protocol XML files of its own.
/// A line `side: server` there asks for server headers instead, for the
/// tests' fake compositor.
@main
struct WaylandScanner: BuildToolPlugin {
    static let systemProtocols = URL(fileURLWithPath: "/usr/share/wayland-protocols")

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let scanner = (try? context.tool(named: "wayland-scanner").url) ?? URL(fileURLWithPath: "/usr/bin/wayland-scanner")
        // SwiftPM lists neither file among a C target's sources: read its folder.
        let folder = target.directoryURL
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        var protocols = files.filter { $0.pathExtension == "xml" }.sorted { $0.path < $1.path }
        var side = "client"
        let list = folder.appending(path: "protocols.list")
        if FileManager.default.fileExists(atPath: list.path) {
            let lines = try String(contentsOf: list, encoding: .utf8).split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
            for line in lines {
                if line.hasPrefix("side:") { side = line.dropFirst("side:".count).trimmingCharacters(in: .whitespaces) }
                else { protocols.append(Self.systemProtocols.appending(path: line)) }
            }
        }
        let output = context.pluginWorkDirectoryURL
        let include = output.appending(path: "include")
        try FileManager.default.createDirectory(at: include, withIntermediateDirectories: true)
        var commands: [Command] = []
        var headers: [String] = []
        for xml in protocols {
            let name = xml.deletingPathExtension().lastPathComponent
            let header = include.appending(path: "\(name)-\(side)-protocol.h")
            let code = output.appending(path: "\(name)-protocol.c")
            headers.append(header.lastPathComponent)
            // One command for both files: SwiftPM runs a command only when
            // the target consumes one of its outputs, and a header alone it does not.
            commands.append(.buildCommand(
                displayName: "wayland-scanner \(xml.lastPathComponent)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-ec", "\"$0\" \(side)-header \"$1\" \"$2\"; \"$0\" private-code \"$1\" \"$3\"",
                            scanner.path, xml.path, header.path, code.path],
                inputFiles: [xml], outputFiles: [header, code]))
        }
        // Swift cannot take the address of a C constant, and binding a
        // global needs its interface's: one accessor per interface.
        var accessors = "#include <wayland-\(side).h>\n"
        for xml in protocols {
            let text = try String(contentsOf: xml, encoding: .utf8)
            for name in Self.interfaceNames(in: text) {
                accessors += "extern const struct wl_interface \(name)_interface;\n"
                    + "static inline const struct wl_interface *rewrap_\(name)_interface(void) { return &\(name)_interface; }\n"
            }
        }
        let accessorHeader = include.appending(path: "interfaces.h")
        let moduleMap = include.appending(path: "module.modulemap")
        let contents = "module \(target.name) {\n" + (headers + ["interfaces.h"]).map { "    header \"\($0)\"\n" }.joined()
            + "    export *\n}\n"
        commands.append(.buildCommand(
            displayName: "module map for \(target.name)",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-ec", "printf '%s' \"$0\" > \"$1\"; printf '%s' \"$2\" > \"$3\"",
                        contents, moduleMap.path, accessors, accessorHeader.path],
            inputFiles: protocols, outputFiles: [moduleMap, accessorHeader]))
        return commands
    }

    /// The names in a protocol's `<interface name="...">` elements.
    static func interfaceNames(in xml: String) -> [String] {
        xml.components(separatedBy: "<interface name=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
    }
}
