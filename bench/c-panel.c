/* c-panel: the Rewrap panel (rules §1) drawn with bare Xlib + Xft + fontconfig.
 * It is the lower bound for `make bench`: no toolkit, no timers, no animation.
 * Static content, re-laid out on every (coalesced) ConfigureNotify, double
 * buffered through a Pixmap, idle in XNextEvent, exits 0 on WM_DELETE_WINDOW.
 *
 * cc -O2 -o c-panel c-panel.c $(pkg-config --cflags --libs x11 xft fontconfig)
 */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xft/Xft.h>
#include <stdio.h>
#include <string.h>

enum { PAD = 20, GAP = 16, SPACING = 8, CH_PX = 10, CH_PY = 6, RADIUS = 8 };

static const char *menu_heading = "Layout options";
static const char *menu_footer = "Choose a longer option, then narrow the window.";
static const char *dropdowns[] = { "Shape: Circle", "Pattern: Solid", "Arrangement: Rows" };
static const char *chip_heading = "Sample labels";
static const char *chip_footer = "Resize the window to change how many labels fit.";
static const char *chips[] = { "Sketch", "Color samples", "Shapes", "Paper textures",
                               "Layout notes", "Preview" };
#define NDROP (int)(sizeof dropdowns / sizeof *dropdowns)
#define NCHIP (int)(sizeof chips / sizeof *chips)

typedef struct {
    Display *dpy;
    Window win;
    Pixmap pix;
    GC gc;
    XftDraw *draw;
    XftFont *font, *bold;
    XftColor ink, grey;
    unsigned long bg, border, chip_fill, badge_fill, white;
    int w, h, pw, ph;
} App;

static int advance(App *a, XftFont *f, const char *s, int len) {
    XGlyphInfo gi;
    XftTextExtentsUtf8(a->dpy, f, (const FcChar8 *)s, len, &gi);
    return gi.xOff;
}

static int line_h(XftFont *f) { return f->ascent + f->descent; }

/* Greedy word wrap to `width`; draws at (x, y) and returns the block height. */
static int text_block(App *a, XftFont *f, XftColor *c, const char *s, int x, int y, int width) {
    int top = y;
    while (*s) {
        int len = 0, fit = 0;
        while (*s == ' ') s++;
        if (!*s) break;
        for (;;) { /* extend the line word by word while it fits */
            int end = len;
            while (s[end] == ' ') end++;
            while (s[end] && s[end] != ' ') end++;
            if (end == len) break;
            if (fit && advance(a, f, s, end) > width) break;
            len = end; fit = 1;
        }
        XftDrawStringUtf8(a->draw, c, f, x, y + f->ascent, (const FcChar8 *)s, len);
        y += line_h(f);
        s += len;
    }
    return y - top;
}

static void round_rect(App *a, int x, int y, int w, int h, int r, unsigned long fill, int outline) {
    Display *d = a->dpy;
    int r2 = 2 * r;
    XSetForeground(d, a->gc, fill);
    XFillRectangle(d, a->pix, a->gc, x + r, y, w - r2, h);
    XFillRectangle(d, a->pix, a->gc, x, y + r, w, h - r2);
    XFillArc(d, a->pix, a->gc, x, y, r2, r2, 90 * 64, 90 * 64);
    XFillArc(d, a->pix, a->gc, x + w - r2 - 1, y, r2, r2, 0, 90 * 64);
    XFillArc(d, a->pix, a->gc, x, y + h - r2 - 1, r2, r2, 180 * 64, 90 * 64);
    XFillArc(d, a->pix, a->gc, x + w - r2 - 1, y + h - r2 - 1, r2, r2, 270 * 64, 90 * 64);
    if (!outline) return;
    XSetForeground(d, a->gc, a->border);
    XDrawLine(d, a->pix, a->gc, x + r, y, x + w - r - 1, y);
    XDrawLine(d, a->pix, a->gc, x + r, y + h - 1, x + w - r - 1, y + h - 1);
    XDrawLine(d, a->pix, a->gc, x, y + r, x, y + h - r - 1);
    XDrawLine(d, a->pix, a->gc, x + w - 1, y + r, x + w - 1, y + h - r - 1);
    XDrawArc(d, a->pix, a->gc, x, y, r2, r2, 90 * 64, 90 * 64);
    XDrawArc(d, a->pix, a->gc, x + w - r2 - 1, y, r2, r2, 0, 90 * 64);
    XDrawArc(d, a->pix, a->gc, x, y + h - r2 - 1, r2, r2, 180 * 64, 90 * 64);
    XDrawArc(d, a->pix, a->gc, x + w - r2 - 1, y + h - r2 - 1, r2, r2, 270 * 64, 90 * 64);
}

/* A control: rounded box with a one-line label, plus a chevron for dropdowns. */
static void control(App *a, const char *s, int x, int y, int w, int h, unsigned long fill, int drop) {
    XftFont *f = a->font;
    round_rect(a, x, y, w, h, drop ? 6 : RADIUS, fill, drop);
    XftDrawStringUtf8(a->draw, &a->ink, f, x + CH_PX, y + CH_PY + f->ascent,
                      (const FcChar8 *)s, (int)strlen(s));
    if (drop) {
        int cx = x + w - CH_PX - 4, cy = y + h / 2;
        XPoint p[3] = { { cx - 4, cy - 2 }, { cx, cy + 2 }, { cx + 4, cy - 2 } };
        XSetForeground(a->dpy, a->gc, a->ink.pixel);
        XDrawLines(a->dpy, a->pix, a->gc, p, 3, CoordModeOrigin);
    }
}

static void paint(App *a) {
    Display *d = a->dpy;
    int width = a->w - 2 * PAD, y = PAD, ch = line_h(a->font) + 2 * CH_PY;
    if (width < 0) width = 0;
    XSetForeground(d, a->gc, a->bg);
    XFillRectangle(d, a->pix, a->gc, 0, 0, a->w, a->h);

    y += text_block(a, a->bold, &a->ink, menu_heading, PAD, y, width) + GAP;

    /* Flow layout (rules §2.2): wrap when x + spacing + w > limit; tallest per row. */
    int x = 0, row_h = 0;
    for (int i = 0; i < NDROP; i++) {
        int w = CH_PX + advance(a, a->font, dropdowns[i], (int)strlen(dropdowns[i])) + 8 + 8 + CH_PX;
        if (x > 0 && x + SPACING + w > width) { y += row_h + SPACING; x = 0; row_h = 0; }
        if (x > 0) x += SPACING;
        control(a, dropdowns[i], PAD + x, y, w, ch, a->white, 1);
        x += w;
        if (ch > row_h) row_h = ch;
    }
    y += row_h + GAP;
    y += text_block(a, a->font, &a->grey, menu_footer, PAD, y, width) + GAP;
    y += text_block(a, a->bold, &a->ink, chip_heading, PAD, y, width) + GAP;

    /* Chip row (rules §3.1): the largest prefix that fits, plus an "N more" badge. */
    int cw[NCHIP], prefix = 0, k, badge_w = 0;
    char badge[32];
    for (int i = 0; i < NCHIP; i++)
        cw[i] = advance(a, a->font, chips[i], (int)strlen(chips[i])) + 2 * CH_PX;
    for (int i = 0; i < NCHIP; i++) prefix += cw[i] + (i ? SPACING : 0);
    for (k = NCHIP; k > 0; k--) {
        int need = prefix;
        if (k < NCHIP) {
            snprintf(badge, sizeof badge, "%d more", NCHIP - k);
            badge_w = advance(a, a->font, badge, (int)strlen(badge)) + 2 * CH_PX;
            need += SPACING + badge_w;
        }
        if (need <= width) break;
        prefix -= cw[k - 1] + (k > 1 ? SPACING : 0);
    }
    if (k == 0) {
        snprintf(badge, sizeof badge, "%d more", NCHIP);
        badge_w = advance(a, a->font, badge, (int)strlen(badge)) + 2 * CH_PX;
    }
    x = PAD;
    for (int i = 0; i < k; i++) {
        control(a, chips[i], x, y, cw[i], ch, a->chip_fill, 0);
        x += cw[i] + SPACING;
    }
    if (k < NCHIP) control(a, badge, x, y, badge_w, ch, a->badge_fill, 0);
    y += ch + GAP;
    text_block(a, a->font, &a->ink, chip_footer, PAD, y, width);
}

static void resize(App *a, int w, int h) {
    a->w = w; a->h = h;
    if (a->pix && w <= a->pw && h <= a->ph) return; /* the buffer only grows */
    if (a->pix) XFreePixmap(a->dpy, a->pix);
    a->pw = w > a->pw ? w : a->pw;
    a->ph = h > a->ph ? h : a->ph;
    a->pix = XCreatePixmap(a->dpy, a->win, a->pw, a->ph,
                           DefaultDepth(a->dpy, DefaultScreen(a->dpy)));
    if (a->draw) XftDrawChange(a->draw, a->pix);
    else a->draw = XftDrawCreate(a->dpy, a->pix, DefaultVisual(a->dpy, DefaultScreen(a->dpy)),
                                 DefaultColormap(a->dpy, DefaultScreen(a->dpy)));
}

/* Entered once, after the first frame is sent: bench/objects.py's callgrind count stops here. */
__attribute__((noinline)) void bench_first_frame(void) { __asm__ volatile(""); }

static void present(App *a) {
    static int presented;
    XCopyArea(a->dpy, a->pix, a->win, a->gc, 0, 0, a->w, a->h, 0, 0);
    if (!presented++) { XFlush(a->dpy); bench_first_frame(); }
}

static unsigned long rgb(App *a, const char *spec, XftColor *xc) {
    int s = DefaultScreen(a->dpy);
    XftColorAllocName(a->dpy, DefaultVisual(a->dpy, s), DefaultColormap(a->dpy, s), spec, xc);
    return xc->pixel;
}

int main(void) {
    App a = { 0 };
    XftColor tmp;
    if (!(a.dpy = XOpenDisplay(NULL))) { fputs("c-panel: cannot open display\n", stderr); return 1; }
    int s = DefaultScreen(a.dpy);
    a.font = XftFontOpenName(a.dpy, s, "sans-serif:pixelsize=14");
    a.bold = XftFontOpenName(a.dpy, s, "sans-serif:pixelsize=14:bold");
    if (!a.font || !a.bold) { fputs("c-panel: no sans-serif font\n", stderr); return 1; }
    rgb(&a, "#1f1f1f", &a.ink);
    rgb(&a, "#6b6b6b", &a.grey);
    a.bg = rgb(&a, "#fafafa", &tmp);
    a.white = rgb(&a, "#ffffff", &tmp);
    a.border = rgb(&a, "#9a9a9a", &tmp);
    a.chip_fill = rgb(&a, "#e2ecf7", &tmp);  /* blue #3584e4 at 12 % over the background */
    a.badge_fill = rgb(&a, "#e8e8e8", &tmp); /* grey #808080 at 15 % */

    XSetWindowAttributes wa = { .background_pixel = a.bg, .bit_gravity = NorthWestGravity,
                                .event_mask = ExposureMask | StructureNotifyMask };
    a.win = XCreateWindow(a.dpy, RootWindow(a.dpy, s), 0, 0, 680, 420, 0, CopyFromParent,
                          InputOutput, CopyFromParent, CWBackPixel | CWBitGravity | CWEventMask, &wa);
    XStoreName(a.dpy, a.win, "c-panel");
    XSizeHints *hints = XAllocSizeHints();
    hints->flags = PMinSize;
    hints->min_width = 320; hints->min_height = 240;
    XSetWMNormalHints(a.dpy, a.win, hints);
    XFree(hints);
    Atom wm_delete = XInternAtom(a.dpy, "WM_DELETE_WINDOW", False);
    XSetWMProtocols(a.dpy, a.win, &wm_delete, 1);
    a.gc = XCreateGC(a.dpy, a.win, 0, NULL);

    resize(&a, 680, 420);
    paint(&a);
    XMapWindow(a.dpy, a.win);

    for (;;) {
        XEvent ev;
        XNextEvent(a.dpy, &ev);
        if (ev.type == Expose) {
            if (ev.xexpose.count == 0) present(&a);
        } else if (ev.type == ConfigureNotify) {
            while (XCheckTypedWindowEvent(a.dpy, a.win, ConfigureNotify, &ev)) {}
            if (ev.xconfigure.width != a.w || ev.xconfigure.height != a.h) {
                resize(&a, ev.xconfigure.width, ev.xconfigure.height);
                paint(&a);
                present(&a);
            }
        } else if (ev.type == ClientMessage && (Atom)ev.xclient.data.l[0] == wm_delete) {
            break;
        }
    }
    XftDrawDestroy(a.draw);
    XFreePixmap(a.dpy, a.pix);
    XFreeGC(a.dpy, a.gc);
    XftFontClose(a.dpy, a.font);
    XftFontClose(a.dpy, a.bold);
    XDestroyWindow(a.dpy, a.win);
    XCloseDisplay(a.dpy);
    return 0;
}
