import CX11
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
    private let display: OpaquePointer
    private var im: XIM?
    private var ic: XIC?
    private var usesServer = false
    /// The window the keys go to: the main window, or the popup while it grabs the keyboard.
    private var window: Window
    private var focused = true
    /// Set from Xlib's callbacks, which must not open a method themselves;
    /// the next event does.
    private var reopen = false

    init(connection: XConnection, window: Window) {
        display = connection.display
        self.window = window
        // Text in UTF-8 whatever the environment says, so non-Latin letters come through.
        let locale = setlocale(LC_CTYPE, "").map { String(cString: $0) } ?? "C"
        if locale == "C" || locale == "POSIX" { setlocale(LC_CTYPE, "C.UTF-8") }
        guard XSupportsLocale() != 0 else { return }
        XSetLocaleModifiers("")
        open()
        XRegisterIMInstantiateCallback(display, nil, nil, nil, { _, data, _ in
            guard let data else { return }
            Unmanaged<InputMethod>.fromOpaque(data).takeUnretainedValue().serverAppeared()
        }, Unmanaged.passUnretained(self).toOpaque().assumingMemoryBound(to: CChar.self))
    }

    deinit {
        close()
    }

    /// True when the input method took the event, such as a dead key; the
    /// program then ignores it. Every event goes through here first.
    func filter(_ event: inout XEvent) -> Bool {
        if reopen {
            reopen = false
            close()
            open()
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

    /// Keys now arrive at `window`: the popup while it is open, then the main window again.
    func direct(to window: Window) {
        self.window = window
        if let ic { rewrap_set_ic_focus_window(ic, window) }
    }

    /// The server named by XMODIFIERS if there is one, else Xlib's local method.
    private func open() {
        usesServer = true
        im = XOpenIM(display, nil, nil, nil)
        if im == nil {
            usesServer = false
            XSetLocaleModifiers("@im=none")
            im = XOpenIM(display, nil, nil, nil)
            XSetLocaleModifiers("")
        }
        guard let im else { return }
        rewrap_set_im_destroy_callback(im, { _, data, _ in
            guard let data else { return }
            Unmanaged<InputMethod>.fromOpaque(data).takeUnretainedValue().serverWentAway()
        }, Unmanaged.passUnretained(self).toOpaque().assumingMemoryBound(to: CChar.self))
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
        if !usesServer { reopen = true }
    }
}
