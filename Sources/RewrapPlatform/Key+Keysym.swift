import RewrapScene

extension Key {
    /// The key the demo answers to for a key as sent, nil for every other.
    /// X11 and xkbcommon share keysym numbers and core modifier bits, so
    /// both platforms read keys here. Text comes from the input method or
    /// compose, so composed and non-Latin letters count too.
    ///
    /// A shortcut matches as GTK and Qt match one: by the keysym of the
    /// layout's own level, or, when that is no Latin character, by `latin`,
    /// the Latin keysym the same physical key has in another group of the
    /// keymap. So on `ru,us` with Russian active, Ctrl with the key that
    /// types й is Ctrl+Q. Xlib's lookup gives that keysym itself with
    /// Control held; xkbcommon does not, so Wayland passes `latin`.
    /// Control, Alt or Super make any other key no key at all: Ctrl+Down
    /// is not Down.
    ///
    ///     Key(KeyStroke(isPress: true, keysym: 0x6ca, keycode: 24, modifiers: 4, text: "", time: 1), latin: 0x71)   // .quit
    public init?(_ stroke: KeyStroke, latin: UInt32? = nil) {
        let held = Modifiers(core: stroke.modifiers)
        let own = Self.lowercased(stroke.keysym)
        let keysym = Self.isLatin(own) ? own : latin.map(Self.lowercased) ?? own
        if let shortcut = Self.shortcuts.first(where: { $0.keysym == keysym && $0.modifiers == held }) {
            self = shortcut.key
            return
        }
        guard held.isDisjoint(with: [.control, .alt, .super]) else { return nil }
        switch stroke.keysym {
        case 0xff09: self = held.contains(.shift) ? .backTab : .tab   // Tab
        case 0xfe20: self = .backTab                                   // ISO_Left_Tab
        case 0xff0d, 0xff8d: self = .returnKey                         // Return, KP_Enter
        case 0x0020: self = .space
        case 0xff1b: self = .escape
        case 0xff52: self = .up
        case 0xff54: self = .down
        case 0xff50: self = .home
        case 0xff57: self = .end
        case 0xff55: self = .pageUp
        case 0xff56: self = .pageDown
        case 0xff51: self = .left
        case 0xff53: self = .right
        case 0xffc9: self = .inspector                                 // F12
        default:
            guard stroke.text.count == 1, let character = stroke.text.first, character.isLetter || character.isNumber else { return nil }
            self = .character(character)
        }
    }

    /// The desktop's shortcuts: GNOME's HIG and KDE's standard keys for
    /// quitting and closing, and GTK 3's for a combo box's menu.
    private static let shortcuts: [(keysym: UInt32, modifiers: Modifiers, key: Key)] = [
        (0x71, .control, .quit),          // q
        (0x77, .control, .closeWindow),   // w
        (0xff54, .alt, .openMenu),        // Down
        (0xff52, .alt, .closeMenu),       // Up
    ]

    /// Printable Latin-1, where a shortcut's letter lives.
    private static func isLatin(_ keysym: UInt32) -> Bool {
        (0x20...0x7e).contains(keysym)
    }

    /// Caps Lock or Shift gives `Q` for `q`: a shortcut is the same key.
    private static func lowercased(_ keysym: UInt32) -> UInt32 {
        (0x41...0x5a).contains(keysym) ? keysym + 0x20 : keysym
    }
}

/// The modifiers that change what a key means. Caps Lock, Num Lock and
/// the level shifts (AltGr) only change which keysym a key gives.
private struct Modifiers: OptionSet {
    let rawValue: UInt32
    static let shift = Modifiers(rawValue: 1)
    static let control = Modifiers(rawValue: 4)
    /// Mod1.
    static let alt = Modifiers(rawValue: 8)
    /// Mod4.
    static let `super` = Modifiers(rawValue: 64)

    /// The meaningful bits of X's core modifier mask, which AT-SPI and
    /// xkbcommon's stroke share.
    init(core mask: UInt32) {
        rawValue = mask & (1 | 4 | 8 | 64)
    }

    init(rawValue: UInt32) {
        self.rawValue = rawValue
    }
}
