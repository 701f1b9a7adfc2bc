#ifndef REWRAP_CX11_SHIM_H
#define REWRAP_CX11_SHIM_H

#include <X11/Xlib.h>
#include <X11/Xatom.h>
#include <X11/Xutil.h>
#include <X11/Xresource.h>
#include <X11/keysym.h>
#include <X11/XKBlib.h>
#include <X11/Xlib-xcb.h>
#include <X11/extensions/Xrender.h>
#include <X11/extensions/Xrandr.h>
#include <X11/extensions/XInput2.h>
#include <xcb/xcb.h>
#include <xcb/sync.h>
#include <fontconfig/fontconfig.h>

/* Swift cannot read C's mutable globals safely, nor call variadic functions:
   these few helpers do it for it. */

static inline xcb_extension_t *rewrap_sync_extension(void) { return &xcb_sync_id; }

/* An input context that only needs keys: no preedit or status area. */
static inline XIC rewrap_create_ic(XIM im, Window window) {
    return XCreateIC(im, XNInputStyle, XIMPreeditNothing | XIMStatusNothing,
                     XNClientWindow, window, XNFocusWindow, window, NULL);
}

/* Called by Xlib when the input method server goes away. */
static inline void rewrap_set_im_destroy_callback(XIM im, XIMProc callback, XPointer data) {
    XIMCallback destroy = { data, callback };
    XSetIMValues(im, XNDestroyCallback, &destroy, NULL);
}

#endif
