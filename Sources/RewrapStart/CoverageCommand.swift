#if canImport(Glibc)
import Glibc
#endif
import RewrapCatalog
import RewrapCommandLine
import RewrapLayout
import RewrapPanelFile
import RewrapApp
import RewrapScene
import RewrapText

/// `rewrap coverage [PANEL...]`: checks that every character of every label
/// a panel can show, in English and in every catalog's language, is drawn
/// by some installed font. With no arguments it checks the shipped panel.
enum CoverageCommand {
    static func run(_ paths: [String]) throws -> Int32 {
        if let option = paths.first(where: { $0.hasPrefix("-") }) {
            throw CommandError("rewrap coverage: unknown option '\(option)'; it takes panel files only")
        }
        let panels = paths.isEmpty ? shippedPanels() : paths
        guard !panels.isEmpty else {
            throw CommandError("rewrap coverage: no panel files found beside the program", status: 1)
        }
        // Fonts come from fontconfig alone: no display is needed.
        let fonts: TextEngine
        do {
            fonts = try TextEngine(options: FontOptions(), direction: .leftToRight)
        } catch {
            throw CommandError(error.message, status: 1)
        }
        let translators = [Translator.english] + CatalogSearch.all(in: Assets.localeDirectories { name in
            getenv(name).map { String(cString: $0) }
        }).map { Translator(catalog: $0) }
        var missing = 0
        for path in panels {
            let panel: Panel
            do {
                panel = try PanelLoader.load(path: path)
            } catch {
                throw CommandError(error.message, status: 1)
            }
            for text in translators.flatMap({ labels(of: panel.translated(by: $0), words: Words($0)) }) {
                for style in [TextStyle.body, .bold] {
                    let uncovered = fonts.uncovered(text, style: style)
                    guard !uncovered.isEmpty else { continue }
                    let codes = uncovered.map(Echo.codePoint).joined(separator: " ")
                    print("\(path): no \(style == .bold ? "bold" : "regular") font has \(codes) in \"\(text)\"")
                    missing += 1
                }
            }
        }
        if missing == 0 { print("every label in \(panels.count) panel files and \(translators.count) languages has a font") }
        return missing == 0 ? 0 : 1
    }

    /// Everything the window can draw for a panel, including the program's own `words`.
    static func labels(of panel: Panel, words: Words) -> [String] {
        let state = PanelState(panel: panel, words: words)
        var texts = [panel.title, panel.menus.heading, panel.menus.footer, panel.chips.heading, panel.chips.footer]
        for item in panel.menus.items {
            texts.append(item.title)
            texts += item.options
            texts += item.options.map { state.label(title: item.title, selected: $0) }
        }
        texts += panel.chips.items.map(\.title)
        texts.append(words.noItems)
        texts += (1...max(1, panel.chips.items.count)).map(words.more)
        texts.append(Painter.checkMark)
        return texts
    }

    private static func shippedPanels() -> [String] {
        guard let directory = Assets.directory() else { return [] }
        return [directory + "/" + Assets.panelFileName]
    }
}
