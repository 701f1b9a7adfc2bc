import RewrapPanelFile
import RewrapPlatform
import RewrapScene

/// The panel file as one of the loop's sources: what its watcher read, in
/// the controller's terms. A good panel is shown in the catalog's words, as
/// at start, while the keeper learns the file's own words, in which picks
/// are kept; a bad one is one line on stderr and the window's notice.
final class PanelFileSource: LoopSource {
    private let watcher: PanelWatcher
    private let words: Words
    private let keeper: StateKeeper

    init(watcher: PanelWatcher, words: Words, keeper: StateKeeper) {
        self.watcher = watcher
        self.words = words
        self.keeper = keeper
    }

    func watch(_ descriptors: inout [Int32]) { watcher.watch(&descriptors) }

    func deadline(now: Double, frameReady: Bool) -> Double? { watcher.deadline }

    func inputs(readable: [Int32], window: ShownWindow) -> [Input] {
        switch watcher.poll(at: window.now) {
        case .panel(let source):
            keeper.panelEdited(source: source)
            return [.panelEdited(source.translated(by: words.translator))]
        case .problem(let error):
            writeLine(error.message)
            return [.panelFileFailed(notice: words.panelFileError(String(error.message.dropFirst("rewrap: ".count))))]
        case nil:
            return []
        }
    }

    /// F5 reads the file again now, whether or not it is watched.
    func carryOut(_ effect: Effect, in window: ShownWindow) -> [Input] {
        if effect == .reloadPanel { watcher.reloadNow(at: window.now) }
        return []
    }
}
