import RewrapPlatform
import RewrapStart
import RewrapX11

// Rewrap on X11: links Xlib and its family, and no Wayland library.
Start.main(as: .x11) { options throws(PlatformError) in try X11Platform(display: options.display) }
