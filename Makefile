# Thin wrapper: SwiftPM does the work. Every target runs as root or through sudo.
export PATH := $(PATH):/opt/swift/usr/bin

PREFIX ?= /usr/local
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# What building and running need: the toolchain's C side, the X11 and
# Wayland libraries, fonts (Noto Color Emoji, as GNOME and KDE install it,
# for emoji in labels), and the private Xvfb `make run` falls back to.
RUN_PACKAGES := pkg-config gcc libstdc++-12-dev libx11-dev libxrender-dev libfontconfig1-dev libfreetype-dev libxrandr-dev \
	libharfbuzz-dev libfribidi-dev libxi-dev libx11-xcb-dev libxcb-sync-dev libdbus-1-dev \
	libwayland-client0 libwayland-cursor0 libxkbcommon0 libpixman-1-0 libwayland-dev libwayland-bin wayland-protocols \
	libxkbcommon-dev libpixman-1-dev libdecor-0-dev libdecor-0-plugin-1-cairo xkb-data \
	fonts-dejavu-core fonts-wqy-microhei fonts-lohit-deva fonts-noto-color-emoji xvfb xdotool imagemagick gettext
# What the tests add: the outside oracles (hb-shape, fontTools and Unicode's
# emoji lists, Xft), a variable font, desktops, compositors and screen reader.
TEST_PACKAGES := libharfbuzz-bin libxft-dev python3-fonttools unicode-data fonts-inter-variable util-linux librsvg2-bin x11-utils \
	openbox xsettingsd xtrace uim-xim locales python3 x11-xserver-utils x11-xkb-utils xinput weston xwayland \
	dpkg-dev lintian appstream desktop-file-utils python3-xdg lxmenu-data \
	dbus-daemon dbus-bin at-spi2-core python3-pyatspi \
	orca speech-dispatcher python3-pyqt6 qt6-qpa-plugins \
	sway grim wtype python3-gi gir1.2-glib-2.0 chromium \
	mutter kwin-wayland kwin-style-breeze pipewire wireplumber gstreamer1.0-pipewire gstreamer1.0-tools \
	gstreamer1.0-plugins-good
# The release build is the toolchain's own, with the Swift runtime linked in
# (Debian ships none) and Debian's shared libraries. No $ORIGIN run path:
# the binary is installed to /usr/bin, no place to look for libraries. It
# links with the toolchain's lld, which places the functions a start runs
# first and together (link/startup.order; `make startup-order` writes it
# afresh, and a name it lists that the link lacks only warns) and packs the
# relative relocations (RELR); the executables stay position-independent.
# bench/README.md, "Levers", has what each gains.
LLD := -Xswiftc -use-ld=lld
RELEASE := swift build -c release --static-swift-stdlib --disable-local-rpath $(LLD)
ORDERED := -Xlinker --symbol-ordering-file=$(CURDIR)/link/startup.order -Xlinker -z -Xlinker pack-relative-relocs
# One executable per platform, each linking only that platform's libraries,
# so a start maps none of the other's, and beside them `rewrap`, a shell
# script that execs the one a start opens (docs/platforms.md). SwiftPM
# builds no script, so LAUNCHER puts it in the build folder named.
EXECUTABLES := rewrap-x11 rewrap-wayland
LAUNCHER = install -m755 launcher/rewrap.sh
REWRAP := for product in $(EXECUTABLES); do $(RELEASE) $(ORDERED) --product $$product || exit 1; done; \
	$(LAUNCHER) .build/release/rewrap
# The package's version; assets/*.metainfo.xml.in must list a release of it.
VERSION := 0.1.0
ID := io.github.rewrap.Rewrap

.PHONY: deps run-deps build startup-order catalogs pot run test test-asan test-tsan soak fuzz fuzz-corpus bench a11y-trees docs install uninstall deb clean

# Installs those of the Debian packages $(1) that are missing, so a second
# run does nothing.
define install-missing
	@missing=$$(for p in $(1); do \
		dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing:" $$missing; \
		$(SUDO) apt-get update -q && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q --no-install-recommends $$missing; \
	fi
endef

# What `make run` needs, and no more.
run-deps:
	$(call install-missing,$(RUN_PACKAGES))

deps: run-deps
	$(call install-missing,$(TEST_PACKAGES))
# The input method tests run uim-xim, which serves named locales, not C.UTF-8.
	@locale -a 2>/dev/null | grep -qix 'en_US.utf8' || { \
		echo "generating the en_US.UTF-8 locale"; \
		$(SUDO) sed -i 's/^# *en_US.UTF-8 UTF-8/en_US.UTF-8 UTF-8/' /etc/locale.gen; \
		grep -q '^en_US.UTF-8 UTF-8' /etc/locale.gen || echo 'en_US.UTF-8 UTF-8' | $(SUDO) tee -a /etc/locale.gen >/dev/null; \
		$(SUDO) locale-gen >/dev/null; }

build: run-deps
	$(REWRAP)
	scripts/build-catalogs

# link/startup.order afresh, from starts of the release build under
# callgrind on a private Xvfb and sway (scripts/startup-order says how);
# then the executables linked again with it (SwiftPM does not see the file
# change, so the old ones are removed first).
startup-order: build
	$(call install-missing,valgrind sway xvfb)
	scripts/startup-order
	rm -f $(addprefix .build/release/,$(EXECUTABLES))
	$(REWRAP)

# Each po/LANG.po of po/LINGUAS, checked and compiled by msgfmt into
# .build/share/locale (where a run from the build folder finds it), and the
# desktop entry and AppStream file translated from them into .build/share.
catalogs: run-deps
	scripts/build-catalogs

# po/rewrap.pot afresh from po/POTFILES, merged into each po/LANG.po.
pot: run-deps
	scripts/update-pot

run: build
	scripts/run-demo .build/release/rewrap

# The release build is made here, not by PackageTests: a nested `swift build`
# would wait forever for the lock that `swift test` holds on .build.
test: deps
	swift build --build-tests
	$(LAUNCHER) .build/debug/rewrap
	$(REWRAP)
	scripts/build-catalogs
	scripts/build-docs
	swift test

# AddressSanitizer over the unit and end-to-end tests, in its own build folder;
# PackageTests still packages the release build. LeakSanitizer's table of the
# suppressions it used is no report, and tests count what Rewrap writes on
# stderr: print_suppressions=0 keeps it off. A leak it does not suppress is
# still reported, and fails the process (exit status 1).
# The sanitized builds link with the toolchain's lld: Debian's ld.gold prints
# a warning for each of the ASan runtime's local symbols it is asked to export.
ASAN := --sanitize=address --scratch-path .build/asan $(LLD)
test-asan: deps
	swift build --build-tests $(ASAN)
	$(LAUNCHER) .build/asan/debug/rewrap
	$(REWRAP)
	scripts/build-catalogs
	REWRAP_BIN=$(CURDIR)/.build/asan/debug/rewrap REWRAP_SANITIZED=1 \
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan.supp:print_suppressions=0 ASAN_OPTIONS=suppressions=$(CURDIR)/Tests/asan.supp \
		swift test --skip-build $(ASAN)

# ThreadSanitizer over the tests of the loop and of the panel file's reader,
# which reads on a thread of its own (BackgroundRead), in its own build
# folder. Any report fails the run. Nothing is suppressed: BackgroundRead
# hands its result over under a pthread mutex, which ThreadSanitizer sees,
# rather than Synchronization's Mutex, which it reports falsely (its
# comment says how).
TSAN := --sanitize=thread --scratch-path .build/tsan $(LLD)
test-tsan: deps
	swift build --build-tests $(TSAN)
	scripts/build-catalogs
	swift test --skip-build $(TSAN) --filter 'RewrapAppTests'

# The DocC site (articles and API) in .build/docs; scripts/build-docs says how.
docs: deps
	scripts/build-docs

# The long versions: 1,000 random actions and 10,000 damaged panels.
soak: deps
	swift build --build-tests
	$(LAUNCHER) .build/debug/rewrap
	SOAK_ACTIONS=1000 PANEL_FUZZ_CASES=10000 swift test --skip-build \
		--filter 'SoakTests|testMutatedPanelsLoadOrFailCleanly|testDamagedPanelsExitOneWithOneLine'

# libFuzzer over each input Rewrap does not control (Fuzz/, docs/fuzzing.md),
# FUZZ_SECONDS per target, built apart in Fuzz/.build. The
# driver passes -sanitize=fuzzer only to the link: the coverage it needs
# is asked for by name. `make test` replays the corpora without libFuzzer.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= panel-file xsettings dbus text desktop plan wayland-configure wayland-keymap dbus-calls kept-state catalog
FUZZ_BUILD := swift build --package-path Fuzz --sanitize=fuzzer --sanitize=address $(LLD) \
	-Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp

fuzz: deps
	$(FUZZ_BUILD)
	scripts/fuzz $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# Minimises each committed corpus (-merge=1) with what the last `make fuzz`
# found and the seeds of Fuzz/seeds.py; inputs that once crashed stay.
fuzz-corpus: deps
	$(FUZZ_BUILD)
	scripts/fuzz-corpus $(FUZZ_TARGETS)

# Every goal in one table (bench/goals.py, printed first and again last),
# then where start-up and memory go and the other benchmarks; each script
# imports bench/harness.py. bench/README.md says what each measures.
BENCH_PACKAGES := python3-gi gir1.2-gtk-4.0 valgrind tk

bench: deps deb
	$(call install-missing,$(BENCH_PACKAGES))
	$(RELEASE) --product rewrap-bench
	python3 bench/goals.py
	python3 bench/objects.py
	.build/release/rewrap-bench
	python3 bench/motion.py
	python3 bench/interruptions.py
	python3 bench/extreme.py
	python3 bench/roundtrips.py
	python3 bench/accessibility.py
	python3 bench/keys.py
	python3 bench/state.py
	python3 bench/edits.py
	python3 bench/desktops.py
	@cat bench/out/goals.md

# The tree a screen reader sees: Rewrap in English and in Arabic (right to
# left), and the same panel in Qt 6 (../shared/reference/qt6-panel.py).
A11Y_REFERENCE_PACKAGES := python3-pyqt6 qt6-qpa-plugins

a11y-trees: build
	$(call install-missing,$(A11Y_REFERENCE_PACKAGES))
	scripts/atspi-session -- .build/release/rewrap --geometry 680x420+0+0
	scripts/atspi-session -- .build/release/rewrap --geometry 420x420+0+0 --locale ar
	@if [ -f ../shared/reference/qt6-panel.py ]; then \
		QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1 scripts/atspi-session --app qt6-panel.py \
			-- /usr/bin/python3 ../shared/reference/qt6-panel.py; \
	else echo "a11y-trees: ../shared/reference/qt6-panel.py is not beside the checkout; Qt's tree left out"; fi

# The binary finds its assets in ../share/rewrap, so it runs from anywhere;
# the launcher finds the platforms' executables in ../libexec/rewrap.
# BINARY=path installs an already built launcher, and the platforms'
# executables beside it, instead of building them.
BINARY ?=
BUILT := $(or $(BINARY),.build/release/rewrap)
LANGUAGES = $(shell grep -v '^\#' po/LINGUAS)
install: $(if $(BINARY),catalogs,build)
	install -Dm755 $(BUILT) $(DESTDIR)$(PREFIX)/bin/rewrap
	install -Dm755 $(dir $(BUILT))rewrap-x11 $(DESTDIR)$(PREFIX)/libexec/rewrap/rewrap-x11
	install -Dm755 $(dir $(BUILT))rewrap-wayland $(DESTDIR)$(PREFIX)/libexec/rewrap/rewrap-wayland
	install -d $(DESTDIR)$(PREFIX)/share/rewrap
	install -m644 assets/panel.json $(DESTDIR)$(PREFIX)/share/rewrap/
	for language in $(LANGUAGES); do \
		install -Dm644 .build/share/locale/$$language/LC_MESSAGES/rewrap.mo \
			$(DESTDIR)$(PREFIX)/share/locale/$$language/LC_MESSAGES/rewrap.mo || exit 1; done
	install -Dm644 .build/share/applications/$(ID).desktop $(DESTDIR)$(PREFIX)/share/applications/$(ID).desktop
	install -Dm644 assets/rewrap.svg $(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/rewrap.svg
	install -Dm644 .build/share/metainfo/$(ID).metainfo.xml $(DESTDIR)$(PREFIX)/share/metainfo/$(ID).metainfo.xml
	install -Dm644 assets/rewrap.1 $(DESTDIR)$(PREFIX)/share/man/man1/rewrap.1

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/rewrap
	rm -f $(DESTDIR)$(PREFIX)/libexec/rewrap/rewrap-x11 $(DESTDIR)$(PREFIX)/libexec/rewrap/rewrap-wayland
	rmdir $(DESTDIR)$(PREFIX)/libexec/rewrap 2>/dev/null || true
	rm -f $(DESTDIR)$(PREFIX)/share/rewrap/panel.json
	rmdir $(DESTDIR)$(PREFIX)/share/rewrap 2>/dev/null || true
	for language in $(LANGUAGES); do rm -f $(DESTDIR)$(PREFIX)/share/locale/$$language/LC_MESSAGES/rewrap.mo; \
		rmdir $(DESTDIR)$(PREFIX)/share/locale/$$language/LC_MESSAGES $(DESTDIR)$(PREFIX)/share/locale/$$language 2>/dev/null || true; \
	done
	rm -f $(DESTDIR)$(PREFIX)/share/applications/$(ID).desktop
	rm -f $(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/rewrap.svg
	rm -f $(DESTDIR)$(PREFIX)/share/metainfo/$(ID).metainfo.xml
	rm -f $(DESTDIR)$(PREFIX)/share/man/man1/rewrap.1

# The Debian package of the release build (or of BINARY and the platforms'
# executables beside it), in out/;
# scripts/build-deb says how.
deb: $(if $(BINARY),catalogs,build)
	scripts/build-deb $(BUILT) $(VERSION) $(ID) out

clean:
	rm -rf .build out Fuzz/.build
