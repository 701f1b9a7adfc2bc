#ifndef REWRAP_CWAYLAND_SHIM_H
#define REWRAP_CWAYLAND_SHIM_H

#include <wayland-client.h>
#include <wayland-cursor.h>
#include <xkbcommon/xkbcommon.h>
#include <xkbcommon/xkbcommon-compose.h>
#include <xkbcommon/xkbcommon-keysyms.h>
#include <pixman.h>
#include <libdecor.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Shared memory for buffers, without a name in the file system; Swift's
   Glibc leaves memfd_create out. */
static inline int rewrap_memfd(void) { return (int)syscall(SYS_memfd_create, "rewrap-buffer", 1U /* MFD_CLOEXEC */); }

/* libwayland's complaints (a protocol error's text) are kept for the
   program's own one line rather than printed as a second one. Swift cannot
   write a C function that takes a va_list. */
#include <stdarg.h>
#include <stdio.h>
static inline char *rewrap_last_wayland_log(void) {
    static char line[512];
    return line;
}
static inline void rewrap_wayland_log_handler(const char *format, va_list args) {
    vsnprintf(rewrap_last_wayland_log(), 512, format, args);
}
static inline void rewrap_keep_wayland_log(void) { wl_log_set_handler_client(rewrap_wayland_log_handler); }

/* Swift cannot take the address of a C constant: the core interfaces that
   globals are bound with. */
static inline const struct wl_interface *rewrap_wl_compositor_interface(void) { return &wl_compositor_interface; }
static inline const struct wl_interface *rewrap_wl_shm_interface(void) { return &wl_shm_interface; }
static inline const struct wl_interface *rewrap_wl_seat_interface(void) { return &wl_seat_interface; }
static inline const struct wl_interface *rewrap_wl_output_interface(void) { return &wl_output_interface; }

#endif
