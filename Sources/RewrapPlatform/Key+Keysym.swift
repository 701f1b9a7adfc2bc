import RewrapScene

extension Key {
    /// The key the demo answers to for a keysym, with the text it typed;
    /// nil for every other key. X11 and xkbcommon share keysym numbers, so
    /// both platforms read keys here. Text comes from the input method or
    /// compose, so composed and non-Latin letters count too.
    ///
    ///     Key(keysym: 0xff09, text: "\t", shift: true)   // .backTab
    public init?(keysym: UInt32, text: String, shift: Bool) {
        switch keysym {
        case 0xff09: self = shift ? .backTab : .tab            // Tab
        case 0xfe20: self = .backTab                            // ISO_Left_Tab
        case 0xff0d, 0xff8d: self = .returnKey                  // Return, KP_Enter
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
        case 0xffc9: self = .inspector                          // F12
        case 0xffc2: self = .reload                             // F5
        default:
            guard text.count == 1, let character = text.first, character.isLetter || character.isNumber else { return nil }
            self = .character(character)
        }
    }
}
