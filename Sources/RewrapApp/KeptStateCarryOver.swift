#if canImport(Glibc)
import Glibc
#endif
import RewrapPanelFile
import RewrapScene

/// Before catalogs, each shipped language had its own panel file
/// (`panel.es.json`, `panel.zh-Hant.json`, `panel.ar.json`, `panel.he.json`),
/// and so its own kept state, its picks in its own words. The first start in
/// that language with one panel carries them over: they are read against
/// the translated panel, kept by the options' untranslated text in the one
/// panel's state, and the old file goes, so it happens once.
enum KeptStateCarryOver {
    /// The old panel's name for each catalog that had one.
    static let formerPanels = ["es": "panel.es.json", "zh_TW": "panel.zh-Hant.json", "ar": "panel.ar.json", "he": "panel.he.json"]

    static func carry(into file: StateFile, language: String, source: Panel, shown: Panel) {
        guard let former = formerPanels[language], access(file.path, F_OK) != 0 else { return }
        let folder = String(file.panelFile[..<(file.panelFile.lastIndex(of: "/") ?? file.panelFile.startIndex)])
        let old = StateFile(directory: file.directory, panelPath: folder + "/" + former)
        guard access(old.path, F_OK) == 0 else { return }
        let reading = KeptStateReader.load(path: old.path, panel: shown)
        var state = reading.state
        state.picks = [:]
        for (id, option) in reading.state.picks {
            if let kept = source.untranslated(option, of: id, shown: shown) { state.picks[id] = kept }
        }
        do {
            try file.replace(with: state.encoded(panelFile: file.panelFile))
            unlink(old.path)
        } catch {
            // The old file stays, to be carried over at the next start.
        }
    }
}
