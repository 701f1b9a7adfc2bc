import RewrapLayout
import RewrapPlatform
import RewrapText

/// The scale and font the window's text is set for, as the command line
/// and the desktop ask, and a new text engine when the desktop asks for
/// another: a new DPI, larger text, or another interface font. What the
/// options fix, the desktop cannot change.
struct TextSetting {
    private let options: AppOptions
    /// The window's own scale, without large text: a change of it resizes the window.
    private var windowScale: Double
    /// The desktop's font the text is set in; nil while `--font` decides.
    private var interfaceFont: InterfaceFont?

    /// What the text must become after the desktop's settings changed.
    enum Change {
        /// Set at `scale` with `text`; the window keeps what it shows, at a
        /// new size when `resizesWindow`, else at its size, reflowed.
        case set(text: TextEngine, scale: Double, resizesWindow: Bool)
        /// The engine cannot be made: one line says why, and the text stays.
        case failed(line: String)
    }

    init(options: AppOptions, settings: DesktopSettings) {
        self.options = options
        windowScale = options.windowScale(for: settings)
        interfaceFont = options.font == nil ? settings.interfaceFont : nil
    }

    /// The desktop's settings are now `settings`, and the text is set at
    /// `scale`: nil when nothing the text depends on changed.
    mutating func follow(_ settings: DesktopSettings, from scale: Double, direction: LayoutDirection) -> Change? {
        let next = options.scale(for: settings), nextWindowScale = options.windowScale(for: settings)
        let font = options.font == nil ? settings.interfaceFont : nil
        guard next != scale || font != interfaceFont else { return nil }
        let text: TextEngine
        do {
            text = try options.textEngine(scale: next, settings: settings, direction: direction)
        } catch {
            return .failed(line: "rewrap: cannot set text at the desktop's new scale \(next): \(error.message)")
        }
        let resizesWindow = nextWindowScale != windowScale
        windowScale = nextWindowScale
        interfaceFont = font
        return .set(text: text, scale: next, resizesWindow: resizesWindow)
    }
}
