import CX11
import RewrapPlatform
#if canImport(Glibc)
import Glibc
#endif

/// Keys through an X input method, so dead keys compose and any letter, from
/// any keyboard layout or input method server (`XMODIFIERS=@im=...`), comes
/// through as text. Without one, keys fall back to XLookupString.
///
/// A server that goes away destroys our input method behind our back: Xlib
/// tells us, and keys go on through the local one (Xlib's own compose
/// tables) until the server registers again.
final class InputMethod {
    /// Held so the display outlives the method and its context.
    private let connection: XConnection
    private var display: OpaquePointer { connection.display }
    private var im: XIM?
    private var ic: XIC?
    /// Opened as XMODIFIERS asks, rather than as the local fallback.
    private var isPreferred = false
    /// The window the keys go to, even while the popup grabs the keyboard:
    /// its grab reports events to the focus window as usual.
    private let window: Window
    private var focused = true
    /// Set from Xlib's callbacks, which must not open a method themselves;
    /// the next event does.
    private var reopen = false
    /// XMODIFIERS names a server (`@im=name`), which can come and go. Without
    /// one Xlib only has its local method, whose compose tables take tens of
    /// milliseconds and about a megabyte to parse: that waits for the first key.
    private let namesServer: Bool
    private var opened = false

    init(connection: XConnection, window: Window) {
        self.connection = connection
        self.window = window
        namesServer = Self.namesServer(getenv("XMODIFIERS").map { String(cString: $0) })
        // Without a server nothing is needed before the first key, not even
        // the locale: setting it maps its tables, and Xlib's check of it
        // reads Xlib's whole locale database.
        guard namesServer else { return }
        guard Self.supportsLocale() else { opened = true; return }
        open()
        // Xlib opens the method once more to test it, then calls back at once.
        XRegisterIMInstantiateCallback(display, nil, nil, nil, Self.instantiated, clientData)
    }

    deinit {
        if namesServer { XUnregisterIMInstantiateCallback(display, nil, nil, nil, Self.instantiated, clientData) }
        close()
    }

    /// Whether Xlib has input methods for the locale; sets the modifiers from XMODIFIERS.
    private static func supportsLocale() -> Bool {
        // Text in UTF-8 whatever the environment says, so non-Latin letters come through.
        let locale = setlocale(LC_CTYPE, "").map { String(cString: $0) } ?? "C"
        if locale == "C" || locale == "POSIX" { setlocale(LC_CTYPE, "C.UTF-8") }
        guard XSupportsLocale() != 0 else { return false }
        XSetLocaleModifiers("")
        return true
    }

    /// True for `@im=name` with a name other than Xlib's own "none" and "local".
    static func namesServer(_ modifiers: String?) -> Bool {
        guard let modifiers, let setting = modifiers.split(separator: "@").first(where: { $0.hasPrefix("im=") }) else { return false }
        let name = setting.dropFirst(3)
        return !name.isEmpty && name != "none" && name != "local"
    }

    /// What Xlib's callbacks get back to find this object.
    private var clientData: XPointer {
        Unmanaged.passUnretained(self).toOpaque().assumingMemoryBound(to: CChar.self)
    }

    private static let instantiated: XIDProc = { _, data, _ in
        guard let data else { return }
        Unmanaged<InputMethod>.fromOpaque(data).takeUnretainedValue().serverAppeared()
    }

    /// True when the input method took the event, such as a dead key; the
    /// program then ignores it. Every event goes through here first.
    func filter(_ event: inout XEvent) -> Bool {
        if reopen || (!opened && event.type == KeyPress) {
            let firstOpening = !opened
            reopen = false
            close()
            // The locale is set up at the first opening only; without input
            // methods for it, there is nothing to open, then or later.
            if firstOpening && !Self.supportsLocale() { opened = true } else { open() }
        }
        return ic != nil && XFilterEvent(&event, 0) != 0
    }

    /// The text a key press typed and its keysym; nil without an input context.
    func lookup(_ event: inout XKeyEvent) -> (text: String, keysym: KeySym)? {
        guard let ic else { return nil }
        var buffer = [CChar](repeating: 0, count: 64)
        var keysym: KeySym = 0
        var status: Int32 = 0
        var count = Xutf8LookupString(ic, &event, &buffer, Int32(buffer.count), &keysym, &status)
        if status == XBufferOverflow {
            buffer = [CChar](repeating: 0, count: Int(count))
            count = Xutf8LookupString(ic, &event, &buffer, Int32(buffer.count), &keysym, &status)
        }
        let hasText = status == XLookupChars || status == XLookupBoth
        let hasKeysym = status == XLookupKeySym || status == XLookupBoth
        let text = hasText ? String(decoding: buffer.prefix(Int(max(0, count))).map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        return (text, hasKeysym ? keysym : 0)
    }

    /// The window gained or lost the keyboard focus.
    func setFocused(_ focused: Bool) {
        self.focused = focused
        guard let ic else { return }
        if focused { XSetICFocus(ic) } else { XUnsetICFocus(ic) }
    }

    /// The method XMODIFIERS names if it can be had, else Xlib's local one.
    private func open() {
        opened = true
        im = XOpenIM(display, nil, nil, nil)
        isPreferred = im != nil
        if im == nil {
            XSetLocaleModifiers("@im=none")
            im = XOpenIM(display, nil, nil, nil)
            XSetLocaleModifiers("")
        }
        guard let im else { return }
        rewrap_set_im_destroy_callback(im, { _, data, _ in
            guard let data else { return }
            Unmanaged<InputMethod>.fromOpaque(data).takeUnretainedValue().serverWentAway()
        }, clientData)
        ic = rewrap_create_ic(im, window)
        if let ic, focused { XSetICFocus(ic) }
    }

    private func close() {
        if let ic { XDestroyIC(ic) }
        if let im { XCloseIM(im) }
        ic = nil
        im = nil
    }

    /// Xlib has already freed the method and its context: forget them, and go on locally.
    private func serverWentAway() {
        ic = nil
        im = nil
        writeLine("rewrap: the input method server went away; keys go on without it")
        reopen = true
    }

    /// A server registered (again): use it instead of the local method.
    private func serverAppeared() {
        if !isPreferred { reopen = true }
    }
}
