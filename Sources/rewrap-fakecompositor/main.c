/* A compositor that misbehaves on purpose, for the Wayland fault tests:
 * just enough of wl_compositor, wl_shm, wl_seat and xdg_wm_base for one
 * window, with one fault chosen on the command line, or one protocol no
 * compositor here offers:
 *
 *     rewrap-fakecompositor SOCKET bad-keymap | huge-configure | protocol-error | fractional
 *
 * bad-keymap:     the keyboard's keymap is text xkbcommon cannot compile;
 * huge-configure: the window is configured to 100000 x 300;
 * protocol-error: the first buffer committed gets a protocol error;
 * fractional:     wp_viewporter and wp_fractional_scale_v1, preferring a
 *                 scale of 1.5; each commit of the window's surface prints
 *                 "commit buffer WxH scale S destination WxH" on stdout.
 * Every request goes through one dispatcher per resource, so requests
 * it does not care about are simply ignored. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-server.h>
#include "xdg-shell-server-protocol.h"
#include "viewporter-server-protocol.h"
#include "fractional-scale-v1-server-protocol.h"

enum fault { BAD_KEYMAP, HUGE_CONFIGURE, PROTOCOL_ERROR, FRACTIONAL };
static enum fault fault;
static struct wl_display *display;
static uint32_t serial = 1;
static struct wl_resource *toplevel, *xdg_surface, *keyboard, *main_surface;
static int configured, keyboard_entered;
/* The window's surface state as committed next: its buffer's size, scale and viewport. */
static int32_t buffer_width, buffer_height, buffer_scale = 1, destination_width = -1, destination_height = -1;

static int dispatch(const void *implementation, void *target, uint32_t opcode, const struct wl_message *message,
                    union wl_argument *args);

/* A resource for the new_id argument `id` whose requests go to `dispatch`. */
static struct wl_resource *make(struct wl_resource *parent, const struct wl_interface *interface, uint32_t id) {
    struct wl_resource *resource = wl_resource_create(wl_resource_get_client(parent), interface,
                                                      wl_resource_get_version(parent), id);
    wl_resource_set_dispatcher(resource, dispatch, NULL, NULL, NULL);
    return resource;
}

static void send_keymap(void) {
    static const char garbage[] = "xkb_keymap { this is not a keymap at all";
    int fd = memfd_create("keymap", MFD_CLOEXEC);
    write(fd, garbage, sizeof garbage);
    wl_keyboard_send_keymap(keyboard, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1, fd, sizeof garbage);
    close(fd);
}

static void configure(void) {
    struct wl_array states;
    wl_array_init(&states);
    uint32_t *activated = wl_array_add(&states, sizeof *activated);
    *activated = XDG_TOPLEVEL_STATE_ACTIVATED;
    xdg_toplevel_send_configure(toplevel, fault == HUGE_CONFIGURE ? 100000 : 0, fault == HUGE_CONFIGURE ? 300 : 0, &states);
    wl_array_release(&states);
    xdg_surface_send_configure(xdg_surface, serial++);
}

static int dispatch(const void *implementation, void *target, uint32_t opcode, const struct wl_message *message,
                    union wl_argument *args) {
    struct wl_resource *resource = target;
    const char *name = wl_resource_get_class(resource);
    (void)implementation;
    /* Every interface here names its destructor "destroy" or "release". */
    if (!strcmp(message->name, "destroy") || !strcmp(message->name, "release")) {
        if (resource == toplevel) toplevel = NULL;
        if (resource == xdg_surface) xdg_surface = NULL;
        if (resource == keyboard) keyboard = NULL;
        if (resource == main_surface) main_surface = NULL;
        wl_resource_destroy(resource);
        return 0;
    }
    if (!strcmp(name, "wl_compositor")) {
        make(resource, opcode == 0 ? &wl_surface_interface : &wl_region_interface, args[0].n);
    } else if (!strcmp(name, "wl_shm")) {
        close(args[1].h);
        make(resource, &wl_shm_pool_interface, args[0].n);
    } else if (!strcmp(name, "wl_shm_pool") && !strcmp(message->name, "create_buffer")) {
        struct wl_resource *buffer = make(resource, &wl_buffer_interface, args[0].n);
        wl_resource_set_user_data(buffer, (void *)(uintptr_t)((uint32_t)args[2].i << 16 | (uint32_t)args[3].i));
    } else if (!strcmp(name, "wl_surface")) {
        if (resource == main_surface && !strcmp(message->name, "set_buffer_scale")) buffer_scale = args[0].i;
        if (resource == main_surface && !strcmp(message->name, "attach") && args[0].o) {
            uintptr_t size = (uintptr_t)wl_resource_get_user_data((struct wl_resource *)args[0].o);
            buffer_width = (int32_t)(size >> 16);
            buffer_height = (int32_t)(size & 0xffff);
        }
        if (resource == main_surface && !strcmp(message->name, "commit") && fault == FRACTIONAL && buffer_width) {
            printf("commit buffer %dx%d scale %d destination %dx%d\n", buffer_width, buffer_height, buffer_scale,
                   destination_width, destination_height);
            fflush(stdout);
        }
        if (!strcmp(message->name, "frame")) {
            struct wl_resource *callback = make(resource, &wl_callback_interface, args[0].n);
            wl_callback_send_done(callback, 0);
            wl_resource_destroy(callback);
        } else if (!strcmp(message->name, "attach") && args[0].o) {
            if (fault == PROTOCOL_ERROR) {
                wl_resource_post_error(resource, WL_SURFACE_ERROR_INVALID_SCALE, "the fake compositor's planted error");
                return 0;
            }
            wl_buffer_send_release((struct wl_resource *)args[0].o);
        } else if (!strcmp(message->name, "commit") && resource == main_surface && !configured && toplevel) {
            configured = 1;
            configure();
        } else if (!strcmp(message->name, "commit") && configured && keyboard && !keyboard_entered) {
            struct wl_array keys;
            wl_array_init(&keys);
            keyboard_entered = 1;
            wl_keyboard_send_enter(keyboard, serial++, resource, &keys);
        }
    } else if (!strcmp(name, "xdg_wm_base")) {
        if (!strcmp(message->name, "create_positioner")) make(resource, &xdg_positioner_interface, args[0].n);
        if (!strcmp(message->name, "get_xdg_surface")) {
            xdg_surface = make(resource, &xdg_surface_interface, args[0].n);
            main_surface = (struct wl_resource *)args[1].o;
        }
    } else if (!strcmp(name, "xdg_surface") && !strcmp(message->name, "get_toplevel")) {
        toplevel = make(resource, &xdg_toplevel_interface, args[0].n);
    } else if (!strcmp(name, "wp_viewporter") && !strcmp(message->name, "get_viewport")) {
        /* The window's surface is known only once it has a role: each viewport keeps its surface. */
        wl_resource_set_user_data(make(resource, &wp_viewport_interface, args[0].n), args[1].o);
    } else if (!strcmp(name, "wp_viewport") && !strcmp(message->name, "set_destination")
               && wl_resource_get_user_data(resource) == main_surface) {
        destination_width = args[0].i;
        destination_height = args[1].i;
    } else if (!strcmp(name, "wp_fractional_scale_manager_v1") && !strcmp(message->name, "get_fractional_scale")) {
        wp_fractional_scale_v1_send_preferred_scale(make(resource, &wp_fractional_scale_v1_interface, args[0].n), 180);
    } else if (!strcmp(name, "wl_seat") && !strcmp(message->name, "get_keyboard")) {
        keyboard = make(resource, &wl_keyboard_interface, args[0].n);
        if (fault == BAD_KEYMAP) send_keymap();
    }
    return 0;
}

static void bind(struct wl_client *client, void *data, uint32_t version, uint32_t id) {
    const struct wl_interface *interface = data;
    struct wl_resource *resource = wl_resource_create(client, interface, version, id);
    wl_resource_set_dispatcher(resource, dispatch, NULL, NULL, NULL);
    if (interface == &wl_shm_interface) {
        wl_shm_send_format(resource, WL_SHM_FORMAT_ARGB8888);
        wl_shm_send_format(resource, WL_SHM_FORMAT_XRGB8888);
    } else if (interface == &wl_seat_interface) {
        wl_seat_send_capabilities(resource, WL_SEAT_CAPABILITY_KEYBOARD);
    }
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: rewrap-fakecompositor SOCKET bad-keymap|huge-configure|protocol-error|fractional\n");
        return 2;
    }
    fault = !strcmp(argv[2], "bad-keymap") ? BAD_KEYMAP : !strcmp(argv[2], "huge-configure") ? HUGE_CONFIGURE
          : !strcmp(argv[2], "fractional") ? FRACTIONAL : PROTOCOL_ERROR;
    display = wl_display_create();
    if (wl_display_add_socket(display, argv[1]) != 0) {
        fprintf(stderr, "rewrap-fakecompositor: cannot listen on %s\n", argv[1]);
        return 1;
    }
    wl_global_create(display, &wl_compositor_interface, 4, (void *)&wl_compositor_interface, bind);
    wl_global_create(display, &wl_shm_interface, 1, (void *)&wl_shm_interface, bind);
    wl_global_create(display, &wl_seat_interface, 5, (void *)&wl_seat_interface, bind);
    wl_global_create(display, &xdg_wm_base_interface, 3, (void *)&xdg_wm_base_interface, bind);
    if (fault == FRACTIONAL) {
        wl_global_create(display, &wp_viewporter_interface, 1, (void *)&wp_viewporter_interface, bind);
        wl_global_create(display, &wp_fractional_scale_manager_v1_interface, 1, (void *)&wp_fractional_scale_manager_v1_interface, bind);
    }
    printf("ready\n");
    fflush(stdout);
    wl_display_run(display);
    return 0;
}
