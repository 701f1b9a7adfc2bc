/* first-frame: time from exec to the first frame on screen.
 *
 *   first-frame [--kill] [--timeout SEC] [--region WxH+X+Y] [--min-text N] [-v] -- CMD ARGS...
 *
 * Connects to $DISPLAY, waits until the region of the root window (default
 * 200x100+0+0, where an unmanaged window appears under a bare Xvfb) does NOT
 * look like a drawn frame, takes t0 on CLOCK_MONOTONIC, fork+execs CMD and then
 * grabs the region every 0.5 ms. A frame counts as drawn when
 *   - at least half of the region is light (luminance >= 160): a light window
 *     background covers it (the harness runs Xvfb with -br, a black root), and
 *   - at least N (default 20) dark pixels (luminance <= 96) have a light pixel
 *     within 4 px on BOTH sides in their row: strokes of text. The black root
 *     next to a window edge has light on one side only, so it never counts.
 * Prints "MS PID" (milliseconds with two decimals, the child's pid) on stdout;
 * the child's stdout goes to our stderr, so a caller reading our stdout through
 * a pipe sees EOF when we exit even if the child keeps running.
 * Without --kill the child keeps running (its parent becomes init, or the
 * caller if it is a child subreaper). With --kill it gets SIGTERM, then
 * SIGKILL after 2 s, and is reaped.
 * Exit status: 0 frame seen, 2 usage, 3 timeout, 4 child exited first, 1 other.
 */
#define _GNU_SOURCE
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t stop;
static void on_signal(int sig) { (void)sig; stop = 1; }

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int shift_of(unsigned long mask) { int s = 0; while (mask && !(mask & 1)) { mask >>= 1; s++; } return s; }

/* Returns 1 when the image looks like a drawn frame. */
static int looks_drawn(XImage *im, int min_text, int verbose) {
    int w = im->width, h = im->height, light = 0, text = 0;
    int rs = shift_of(im->red_mask), gs = shift_of(im->green_mask), bs = shift_of(im->blue_mask);
    unsigned char *lum = malloc((size_t)w * h);
    if (!lum) return 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            unsigned long p = XGetPixel(im, x, y);
            int r = (p & im->red_mask) >> rs, g = (p & im->green_mask) >> gs, b = (p & im->blue_mask) >> bs;
            int l = (r * 299 + g * 587 + b * 114) / 1000;
            lum[y * w + x] = (unsigned char)l;
            light += l >= 160;
        }
    if (light * 2 >= w * h)
        for (int y = 0; y < h; y++)
            for (int x = 4; x < w - 4; x++) {
                unsigned char *row = lum + y * w;
                if (row[x] > 96) continue;
                int left = 0, right = 0;
                for (int d = 1; d <= 4; d++) { left |= row[x - d] >= 160; right |= row[x + d] >= 160; }
                text += left && right;
            }
    free(lum);
    if (verbose) fprintf(stderr, "first-frame: light %d/%d, text pixels %d\n", light, w * h, text);
    return light * 2 >= w * h && text >= min_text;
}

static XImage *grab(Display *dpy, Window root, int x, int y, int w, int h) {
    return XGetImage(dpy, root, x, y, (unsigned)w, (unsigned)h, AllPlanes, ZPixmap);
}

static void reap(pid_t pid) {
    kill(pid, SIGTERM);
    for (int i = 0; i < 400; i++) { /* 2 s */
        if (waitpid(pid, NULL, WNOHANG) == pid) return;
        usleep(5000);
    }
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
}

static int usage(void) {
    fputs("usage: first-frame [--kill] [--timeout SEC] [--region WxH+X+Y] [--min-text N] [-v] -- CMD ARGS...\n", stderr);
    return 2;
}

int main(int argc, char **argv) {
    int do_kill = 0, verbose = 0, min_text = 20, rx = 0, ry = 0, rw = 200, rh = 100, i;
    double timeout = 10;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--")) { i++; break; }
        else if (!strcmp(argv[i], "--kill")) do_kill = 1;
        else if (!strcmp(argv[i], "-v")) verbose = 1;
        else if (!strcmp(argv[i], "--timeout") && i + 1 < argc) timeout = atof(argv[++i]);
        else if (!strcmp(argv[i], "--min-text") && i + 1 < argc) min_text = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--region") && i + 1 < argc) {
            if (sscanf(argv[++i], "%dx%d+%d+%d", &rw, &rh, &rx, &ry) != 4 || rw < 9 || rh < 1) return usage();
        } else return usage();
    }
    if (i >= argc || timeout <= 0) return usage();

    Display *dpy = XOpenDisplay(NULL);
    if (!dpy) { fputs("first-frame: cannot open display\n", stderr); return 1; }
    Window root = DefaultRootWindow(dpy);
    struct sigaction sa = { .sa_handler = on_signal };
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);

    /* A previous window may still be on screen: wait (up to 3 s) until it is gone. */
    for (double until = now_ms() + 3000;;) {
        XImage *im = grab(dpy, root, rx, ry, rw, rh);
        if (!im) { fputs("first-frame: XGetImage failed (region off screen?)\n", stderr); return 1; }
        int drawn = looks_drawn(im, min_text, 0);
        XDestroyImage(im);
        if (!drawn) break;
        if (now_ms() > until) { fputs("first-frame: region already shows a frame\n", stderr); return 1; }
        usleep(10000);
    }

    double t0 = now_ms();
    pid_t pid = fork();
    if (pid < 0) { perror("first-frame: fork"); return 1; }
    if (pid == 0) {
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        dup2(2, 1); /* never hand our stdout (often the caller's pipe) to the child */
        execvp(argv[i], argv + i);
        fprintf(stderr, "first-frame: cannot run %s: %s\n", argv[i], strerror(errno));
        _exit(127);
    }
    int status = 1;
    for (;;) {
        XImage *im = grab(dpy, root, rx, ry, rw, rh);
        double t1 = now_ms();
        int drawn = im && looks_drawn(im, min_text, 0);
        if (im) XDestroyImage(im);
        if (drawn) {
            if (verbose) { im = grab(dpy, root, rx, ry, rw, rh); looks_drawn(im, min_text, 1); XDestroyImage(im); }
            printf("%.2f %d\n", t1 - t0, (int)pid);
            fflush(stdout);
            status = 0;
            break;
        }
        if (waitpid(pid, NULL, WNOHANG) == pid) {
            fprintf(stderr, "first-frame: %s exited before drawing a frame\n", argv[i]);
            XCloseDisplay(dpy);
            return 4;
        }
        if (stop) { reap(pid); return 130; }
        if (t1 - t0 > timeout * 1e3) {
            fprintf(stderr, "first-frame: no frame after %.1f s\n", timeout);
            do_kill = 1;
            status = 3;
            break;
        }
        struct timespec ts = { 0, 500000 };
        nanosleep(&ts, NULL);
    }
    XCloseDisplay(dpy);
    if (do_kill) reap(pid);
    return status;
}
