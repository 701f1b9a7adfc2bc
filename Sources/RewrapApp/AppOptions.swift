import RewrapCommandLine
import RewrapLayout
import RewrapPlatform
import RewrapScene
import RewrapText

/// The demo window's command line (rules §6.1).
public struct AppOptions {
    public var panelPath: String?
    public var width: Int?
    public var height: Int?
    public var x: Int?
    public var y: Int?
    public var tracePath: String?
    public var reduceMotion = false
    public var slowMotion = false
    /// Nil follows the desktop's interface font, else sans-serif.
    public var font: String?
    public var scale: Double?
    public var locale: String?
    /// Nil follows the panel's language.
    public var direction: LayoutDirection?
    public var inspect = false
    public var display: String?
    public var frameLogPath: String?
    public var theme = ThemePreference.auto
    /// Nil picks Wayland when a compositor is there, X11 otherwise.
    public var platform: PlatformName?
    /// Starts from the panel's defaults, not the kept state, which stays
    /// as it is until the person changes something.
    public var forget = false
    /// Leaves the `--panel` file unwatched: an edit shows only on F5.
    public var noWatch = false

    /// The desktop platforms the window opens on.
    public enum PlatformName: String, Sendable {
        case wayland
        case x11
    }

    public static let usage = """
        rewrap [--panel FILE] [--geometry WxH[+X+Y]] [--trace FILE] [--reduce-motion]
               [--slow-motion] [--font PATTERN] [--scale F] [--locale NAME] [--direction ltr|rtl]
               [--theme light|dark|auto] [--inspect] [--display NAME] [--frame-log FILE]
               [--platform wayland|x11] [--forget] [--no-watch]
        """

    /// The options `tokens` give, or a one-line error naming the bad token.
    public init(_ tokens: [String]) throws {
        var arguments = Arguments(tokens, context: "options")
        while let option = arguments.nextOption() {
            switch option {
            case "--panel": panelPath = try arguments.value(for: option)
            case "--geometry": try parseGeometry(try arguments.value(for: option))
            case "--trace": tracePath = try arguments.value(for: option)
            case "--reduce-motion": reduceMotion = try arguments.flag(option)
            case "--slow-motion": slowMotion = try arguments.flag(option)
            case "--font": font = try arguments.value(for: option)
            case "--scale":
                let token = try arguments.value(for: option)
                guard let value = Arguments.parseNumber(token), Metrics.scales.contains(value) else {
                    let scales = Metrics.scales
                    throw CommandError("rewrap: bad scale '\(token)', expected a number from \(scales.lowerBound) to \(scales.upperBound)")
                }
                scale = value
            case "--locale": locale = try arguments.value(for: option)
            case "--direction": direction = try arguments.direction(for: option)
            case "--inspect": inspect = try arguments.flag(option)
            case "--display": display = try arguments.value(for: option)
            case "--frame-log": frameLogPath = try arguments.value(for: option)
            case "--forget": forget = try arguments.flag(option)
            case "--no-watch": noWatch = try arguments.flag(option)
            case "--theme":
                let token = try arguments.value(for: option)
                guard let value = ThemePreference(rawValue: token) else {
                    throw CommandError("rewrap: bad theme '\(token)', expected light, dark or auto")
                }
                theme = value
            case "--platform":
                let token = try arguments.value(for: option)
                guard let value = PlatformName(rawValue: token) else {
                    throw CommandError("rewrap: bad platform '\(token)', expected wayland or x11")
                }
                platform = value
            default: throw CommandError("rewrap: unknown option '\(option)'; see rewrap --help")
            }
        }
        if let extra = arguments.positionals.first {
            throw CommandError("rewrap: unexpected argument '\(extra)'; see rewrap --help")
        }
    }

    /// `WxH`, optionally followed by `+X+Y`, as X11 programs take it.
    private mutating func parseGeometry(_ token: String) throws {
        let bad = CommandError("rewrap: bad geometry '\(token)', expected WxH or WxH+X+Y such as 680x420+10+10")
        var size = Substring(token)
        var position: [Substring] = []
        if let plus = token.firstIndex(of: "+") {
            size = token[..<plus]
            position = token[token.index(after: plus)...].split(separator: "+", omittingEmptySubsequences: false)
            guard position.count == 2 else { throw bad }
        }
        let parts = size.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...16384).contains(w), (1...16384).contains(h) else {
            throw bad
        }
        width = w
        height = h
        if !position.isEmpty {
            guard let px = Int(position[0]), let py = Int(position[1]), (0...16384).contains(px), (0...16384).contains(py) else {
                throw bad
            }
            x = px
            y = py
        }
    }

    /// The window's scale: `--scale` when given, else the scale the desktop
    /// asks for, else 1; times the desktop's large text, which scales the
    /// text and every length measured from it.
    func scale(for settings: DesktopSettings) -> Double {
        Metrics.clamped(scale: windowScale(for: settings) * DesktopSettings.textScale(settings.textScale))
    }

    /// The window's own scale, without large text: a change of it resizes the window.
    func windowScale(for settings: DesktopSettings) -> Double {
        Metrics.clamped(scale: scale ?? settings.scale ?? 1)
    }

    /// The text engine for `--font`, else the desktop's interface font, else
    /// sans-serif, at `scale`, its patterns finished as the desktop renders
    /// fonts. A desktop font this machine lacks, or cannot set at its size,
    /// is ignored, silently: sans-serif at 14 px, as with no desktop font.
    func textEngine(scale: Double, settings: DesktopSettings, direction: LayoutDirection) throws(TextEngineError) -> TextEngine {
        if font == nil, let desktop = settings.interfaceFont,
           let engine = try? TextEngine(options: FontOptions(pattern: desktop.pattern, scale: scale, defaults: settings.fontDefaults),
                                        direction: direction),
           engine.substitutionWarning == nil {
            return engine
        }
        return try TextEngine(options: FontOptions(pattern: font ?? Self.defaultFont, scale: scale, defaults: settings.fontDefaults),
                              direction: direction)
    }

    /// Today's text with no desktop font and no `--font`: 14 px at scale 1.
    static let defaultFont = "sans-serif"
}
