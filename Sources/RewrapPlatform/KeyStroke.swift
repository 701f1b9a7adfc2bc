/// A key as the keyboard sent it, before the app reads it as a `Key`:
/// what a screen reader must see first (AT-SPI's DeviceEvent). The
/// numbers are the platform's own (an X keysym and keycode); modifiers use
/// the core X bits, which AT-SPI's modifier mask shares (Shift 1, Lock 2,
/// Control 4, Mod1 8, Mod2 16, ...).
///
///     KeyStroke(isPress: true, keysym: 0xff09, keycode: 23, modifiers: 0, text: "", time: 1234)   // Tab
public struct KeyStroke: Hashable, Sendable {
    public var isPress: Bool
    public var keysym: UInt32
    public var keycode: UInt32
    public var modifiers: UInt32
    /// What the key typed, empty for keys that type nothing (Tab, Insert, F1).
    /// The control characters Tab, Return and Escape give are no typed
    /// text: screen readers name those keys by their keysym.
    public var text: String
    /// Milliseconds on the platform's clock; never 0, which screen readers read as "no time".
    public var time: UInt32
    /// A press the keyboard repeats while the key is held, not a new press.
    public var isRepeat: Bool

    /// A key as sent; a time of 0 becomes 1.
    public init(isPress: Bool, keysym: UInt32, keycode: UInt32, modifiers: UInt32, text: String, time: UInt32, isRepeat: Bool = false) {
        self.isPress = isPress
        self.keysym = keysym
        self.keycode = keycode
        self.modifiers = modifiers
        self.text = text.unicodeScalars.allSatisfy { $0.properties.generalCategory != .control } ? text : ""
        self.time = max(1, time)
        self.isRepeat = isRepeat
    }
}
