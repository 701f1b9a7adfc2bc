// How `CommandLine.arguments` finds argv in the release build.
//
// The static Swift runtime cannot be handed argv, so it searches for it: a
// constructor reads /proc/self/maps line by line to find the stack and walks
// back from `environ`. That costs about 0.3 ms of every start, mostly in the
// kernel writing out the map. But glibc passes argc and argv to every
// .init_array function, so taking them there costs nothing.
//
// Defining the runtime's two entry points here keeps the linker from pulling
// in its CommandLine.cpp, constructor and all. Should a toolchain rename them,
// its own copy comes back and these go unused; should it add another entry
// point to that file, the link fails on a duplicate symbol rather than
// silently reading argv twice. The debug build links the runtime shared and
// keeps its own.

static char **arguments;
static int argumentCount;
static char **overridden;
static int overriddenCount;

static void capture(int argc, char **argv, char **envp) {
    (void)envp;
    argumentCount = argc;
    arguments = argv;
}

__attribute__((section(".init_array"), used)) static void (*const captureAtStart)(int, char **, char **) = capture;

__attribute__((swiftcall)) char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
    if (overridden) {
        *outArgLen = overriddenCount;
        return overridden;
    }
    *outArgLen = argumentCount;
    return arguments;
}

__attribute__((swiftcall)) void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) {
    overridden = argv;
    overriddenCount = argc;
}
