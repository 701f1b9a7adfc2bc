#if canImport(Glibc)
import Glibc
#endif
import RewrapCatalog
import RewrapCommandLine
import RewrapLayout
import RewrapPanelFile
import RewrapPlatform
import RewrapScene
import RewrapText

/// The demo window's start: everything that can be wrong is read from the
/// command line and the panel before any window opens, then the window
/// opens on whichever platform the program picked.
///
///     let launch = try Launch(tokens, stateDirectory: Launch.stateDirectory())
///     exit(try launch.open(on: platform, stopSignals: signals).run())
public struct Launch {
    public let options: AppOptions
    /// The panel as its file has it, which picks are kept by.
    private let source: Panel
    /// The panel as the window shows it, in the catalog's language.
    private let panel: Panel
    private let words: Words
    private let direction: LayoutDirection
    private let trace: TraceWriter?
    private let frameLog: FrameLog?
    /// Where this panel's state is kept; nil when nothing can be.
    private let stateFile: StateFile?
    /// What the person left the window as, or nothing with `--forget`.
    private let kept: KeptState

    public static let appID = "io.github.rewrap.Rewrap"

    /// The launch the command line `tokens` ask for, or a one-line error
    /// naming the bad token; its state kept in `stateDirectory`, or none.
    public init(_ tokens: [String], stateDirectory: String?) throws {
        options = try AppOptions(tokens)
        let environment: (String) -> String? = { name in getenv(name).map { String(cString: $0) } }
        let languages = LanguageList(option: options.locale, environment: environment)
        // A refused catalog is one line, and English.
        let found = CatalogSearch.find(languages, in: Assets.localeDirectories(environment: environment))
        if let problem = found.problem { writeLine(Echo.oneLine(problem)) }
        let translator = Translator(catalog: found.catalog)
        words = Words(translator)
        // The catalog says which way its language reads. Without one, a
        // shipped panel reads as English, a panel of the person's own as
        // their locale's language.
        direction = options.direction
            ?? translator.readsRightToLeft.map { $0 ? .rightToLeft : .leftToRight }
            ?? (options.panelPath != nil && languages.localeReadsRightToLeft ? .rightToLeft : .leftToRight)
        guard let path = options.panelPath ?? Assets.panelPath() else {
            throw CommandError("rewrap: cannot find assets/panel.json beside the program; pass --panel FILE", status: 1)
        }
        do {
            source = try PanelLoader.load(path: path)
        } catch {
            throw CommandError(error.message, status: 1)
        }
        panel = source.translated(by: translator)
        stateFile = stateDirectory.map { StateFile(directory: $0, panelPath: path) }
        if let stateFile, !options.forget {
            if options.panelPath == nil, let language = found.catalog?.language {
                KeptStateCarryOver.carry(into: stateFile, language: language, source: source, shown: panel)
            }
            // A bad state is no reason to fail: one line, and the panel's defaults where it was bad.
            let reading = KeptStateReader.load(path: stateFile.path, panel: source)
            if let problem = reading.problem { writeLine(problem.message) }
            kept = reading.state
        } else {
            kept = KeptState()
        }
        // A trace read through a pipe whose reader leaves must not end the
        // program: the write fails instead, and the writer says so.
        signal(SIGPIPE, SIG_IGN)
        trace = try options.tracePath.map { try TraceWriter(path: $0) }
        frameLog = try options.frameLogPath.map { try FrameLog(path: $0) }
    }

    /// The directory the state is kept in, as the environment names it
    /// (`$XDG_STATE_HOME/rewrap`, or `~/.local/state/rewrap`).
    public static func stateDirectory() -> String? {
        StateFile.directory { name in getenv(name).map { String(cString: $0) } }
    }

    /// Sets the text at the scale the options or the desktop ask for, opens
    /// the window on `platform` and returns the loop, ready to run on
    /// `clock` and to stop on `stopSignals`.
    public func open(on platform: any Platform, clock: Clock = Clock(), stopSignals: StopSignals? = nil) throws -> DemoApp {
        let settings = platform.settings
        let scale = options.scale(for: settings)
        // --geometry wins over the kept size and the kept maximised state.
        let geometry = options.width != nil
        let keptSize = geometry ? nil : kept.size.map { size in
            (width: max(1, Int((size.width * scale).rounded())), height: max(1, Int((size.height * scale).rounded())))
        }
        let text: TextEngine
        let surface: any FrameSurface
        do {
            text = try options.textEngine(scale: scale, settings: settings, direction: direction)
            surface = try platform.openWindow(WindowRequest(title: panel.title, appID: Self.appID, scale: scale,
                                                            width: options.width ?? keptSize?.width,
                                                            height: options.height ?? keptSize?.height,
                                                            x: options.x, y: options.y, maximized: !geometry && kept.maximized,
                                                            icon: (size: 48, draw: AppIcon.pixels(size:))),
                                              text: text)
        } catch let error as TextEngineError {
            throw CommandError(error.message, status: 1)
        } catch let error as PlatformError {
            throw CommandError(error.message, status: 1)
        }
        // It names the family typed after --font, which can hold anything; a
        // desktop's font that is missing gives sans-serif without a word.
        if options.font != nil, let warning = text.substitutionWarning { writeLine(Echo.oneLine(warning)) }
        var state = PanelState(panel: panel, words: words)
        for (id, option) in kept.picks {
            if let shown = source.translatedOption(option, of: id, shown: panel) { state.select(shown, for: id) }
        }
        return DemoApp(platform: platform, surface: surface, text: text, scale: scale, state: state,
                       words: words, options: options, trace: trace, frameLog: frameLog, clock: clock,
                       keeper: StateKeeper(file: stateFile, kept: kept, source: source,
                                           windowSize: KeptState.WindowSize(width: Double(surface.width) / scale,
                                                                            height: Double(surface.height) / scale)),
                       stopSignals: stopSignals)
    }
}
