import RewrapPanelFile

extension FuzzTarget {
    /// Any bytes as a kept state file (rules §12), read for a small panel.
    /// Reading never fails: at most one printable line naming the file and
    /// a path, and whatever is used is something the panel offers. What is
    /// used, written back, reads as the same state without a word.
    public static let keptState = FuzzTarget(name: "kept-state") { bytes in
        let reading = KeptStateReader.read(bytes, file: "fuzz.json", panel: keptStatePanel)
        if let line = reading.problem?.message {
            guard line.hasPrefix("rewrap: fuzz.json: $") else { return "the problem does not name the file and a path: \(line)" }
            guard !line.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                return "the problem is not one printable line: \(line.debugDescription)"
            }
        }
        let state = reading.state
        for (id, option) in state.picks
        where !keptStatePanel.menus.items.contains(where: { $0.id == id && $0.options.contains(option) }) {
            return "a pick the panel does not offer was kept: \(id) = \(option.prefix(80))"
        }
        if let size = state.size, !KeptState.WindowSize.sides.contains(size.width) || !KeptState.WindowSize.sides.contains(size.height) {
            return "a size out of bounds was kept: \(size)"
        }
        let again = KeptStateReader.read(state.encoded(panelFile: "/fuzz/panel.json"), file: "again.json", panel: keptStatePanel)
        guard again.problem == nil else { return "the state written back has a problem: \(again.problem!.message)" }
        guard again.state == state else { return "the state written back reads differently: \(again.state) against \(state)" }
        return nil
    }

    /// Two dropdowns, one with options that need escaping, and a chip.
    private static let keptStatePanel: Panel = {
        let text = #"""
        {"title": "Fuzz", "menus": {"heading": "", "footer": "", "items": [
          {"id": "shape", "title": "Shape", "options": ["Circle", "Rounded rectangle"], "selected": "Circle"},
          {"id": "quote\"d", "title": "Q", "options": ["a \"b\" \\ c", "é", "控制項"], "selected": "é"}]},
         "chips": {"heading": "", "footer": "", "items": [{"id": "chip", "title": "Chip"}]}}
        """#
        do {
            return try PanelLoader.parse(Array(text.utf8), file: "fuzz-panel.json", reserving: [])
        } catch {
            fatalError("the kept-state target's own panel does not load: \(error)")
        }
    }()
}
