import RewrapCommandLine
import RewrapLayout
import RewrapPanelFile
import RewrapScene
import RewrapX11

/// `rewrap coverage [PANEL...]`: checks that every character of every label
/// a panel can show, in every language, is drawn by some installed font.
/// With no arguments it checks the shipped panels.
enum CoverageCommand {
    static func run(_ paths: [String]) throws -> Int32 {
        let panels = paths.isEmpty ? shippedPanels() : paths
        guard !panels.isEmpty else {
            throw CommandError("rewrap coverage: no panel files found beside the program", status: 1)
        }
        // Fonts need a display, but no window.
        let fonts: FontSet
        do {
            fonts = try FontSet(connection: XConnection(name: nil), pattern: "sans-serif", scale: 1)
        } catch {
            throw CommandError(error.message, status: 1)
        }
        var missing = 0
        for path in panels {
            let panel: Panel
            do {
                panel = try PanelLoader.load(path: path)
            } catch {
                throw CommandError(error.message, status: 1)
            }
            for text in labels(of: panel) {
                for style in [TextStyle.body, .bold] where !fonts.covers(text, style: style) {
                    let uncovered = text.unicodeScalars.filter { !fonts.covers(String($0), style: style) }
                    let codes = uncovered.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
                    print("\(path): no \(style == .bold ? "bold" : "regular") font has \(codes) in \"\(text)\"")
                    missing += 1
                }
            }
        }
        if missing == 0 { print("every label in \(panels.count) panel files and \(Strings.Language.allCases.count) languages has a font") }
        return missing == 0 ? 0 : 1
    }

    /// Everything the window can draw for a panel, including the program's own words.
    static func labels(of panel: Panel) -> [String] {
        var texts = [panel.title, panel.menus.heading, panel.menus.footer, panel.chips.heading, panel.chips.footer]
        for item in panel.menus.items {
            texts.append(item.title)
            texts += item.options
            texts += item.options.map { PanelState.label(title: item.title, selected: $0) }
        }
        texts += panel.chips.items.map(\.title)
        for language in Strings.Language.allCases {
            let strings = Strings(language)
            texts.append(strings.noItems)
            texts += (1...max(1, panel.chips.items.count)).map(strings.more)
        }
        texts.append("✓")
        return texts
    }

    private static func shippedPanels() -> [String] {
        guard let directory = Assets.directory() else { return [] }
        let names = ["panel.json"] + Strings.Language.allCases.filter { $0 != .english }.map { "panel.\($0.rawValue).json" }
        return names.map { directory + "/" + $0 }
    }
}
