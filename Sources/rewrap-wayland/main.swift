import RewrapPlatform
import RewrapStart
import RewrapWayland

// Rewrap on Wayland: links libwayland, xkbcommon, pixman and libdecor, and
// no X11 library of Rewrap's own.
Start.main(as: .wayland) { _ throws(PlatformError) in try WaylandPlatform(display: nil) }
