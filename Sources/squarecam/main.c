/*
 * squarecam: the command people type. It decides which of SquareCam's three
 * programs runs the command line and becomes that program (execv), with the
 * same arguments:
 *
 *   squarecam shoot / record /          squarecam-gst  (GStreamer, no GTK)
 *     recover / scan / devices …
 *   squarecam crop … / help [COMMAND]   squarecam-crop     (the imaging libraries only;
 *     / --help / --version / a word     the help of every command is in it)
 *     that is no command
 *   squarecam [--camera …]              squarecam-app   (the app, GTK)
 *
 * That table is Sources/CCommandRoutes, which the programs read too.
 *
 * It is C, not Swift, because it runs before every command: a Swift program
 * costs 2–4 ms to start (its runtime, Foundation, the libraries it links,
 * mostly in page faults), which every `shoot` paid on top of the program
 * doing the work; this one costs about 1 ms, most of it the exec.
 *
 * The programs are looked for beside this one (the build folder, a flat
 * install), then in ../libexec/squarecam (make install, the package): the
 * same places SiblingProgram searches from Swift.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "command_routes.h"

/*
 * SwiftPM links every executable, this one too, with swiftrt.o: its
 * constructor registers the program's Swift metadata with the Swift runtime
 * (swift_addNewDSOImage), and it keeps the backtracer's
 * _swift_backtrace_isThunkFunction linked. This program has no Swift code, so
 * it gives both bodies that do nothing: then a release build (-static-stdlib)
 * takes nothing from the runtime's archive, instead of the whole 4 MB runtime
 * and its start-up work (1 ms more at every command, measured). They are weak:
 * should a future swiftrt.o need more of the runtime, its own definitions
 * take precedence and the program still links and runs, only slower.
 */
__attribute__((weak)) void swift_addNewDSOImage(const void *image) { (void)image; }
__attribute__((weak)) int _swift_backtrace_isThunkFunction(const char *name) { (void)name; return 0; }

/* Read by LaunchTime.fromEnvironment (Sources/SquareCamCommandLine). */
#define LAUNCH_TIME_VARIABLE "SQUARECAM_LAUNCHED_AT_NS"


/* When the user's command started (CLOCK_BOOTTIME, the same in every
 * process), so launch → first frame timings include this hop. */
static void export_launch_time(void) {
    struct timespec now;
    char text[32];
    clock_gettime(CLOCK_BOOTTIME, &now);
    snprintf(text, sizeof text, "%lld", (long long)now.tv_sec * 1000000000LL + now.tv_nsec);
    setenv(LAUNCH_TIME_VARIABLE, text, 1);
}

/* One line on stderr, as the Swift programs' Console.report writes them. */
__attribute__((format(printf, 1, 2))) static void report(const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    fputs("squarecam: ", stderr);
    vfprintf(stderr, format, arguments);
    fputc('\n', stderr);
    va_end(arguments);
}

/* The folder of an absolute path, in place: "/a/b/c" → "/a/b", "/a" → "/". */
static void drop_last_component(char *path) {
    char *slash = strrchr(path, '/');
    if (slash == path) slash[1] = '\0';
    else if (slash) *slash = '\0';
}

/* Finds `name` beside `executable`, then in its ../libexec/squarecam;
 * 0 when neither has it runnable. */
static int find_program(char *path, size_t size, const char *executable, const char *name) {
    char folder[PATH_MAX];
    snprintf(folder, sizeof folder, "%s", executable);
    drop_last_component(folder);
    int fits = snprintf(path, size, "%s/%s", folder, name) < (int)size;
    if (fits && access(path, X_OK) == 0) return 1;
    drop_last_component(folder);
    fits = snprintf(path, size, "%s/libexec/squarecam/%s", folder, name) < (int)size;
    return fits && access(path, X_OK) == 0;
}

int main(int argc, char **argv) {
    export_launch_time();
    const char *name = squarecam_program_file(squarecam_program_for(argc < 2 ? NULL : argv[1]));

    char executable[PATH_MAX];
    ssize_t length = readlink("/proc/self/exe", executable, sizeof executable - 1);
    if (length <= 0) {
        report("cannot find where squarecam is installed (/proc/self/exe is unreadable), so cannot start %s.", name);
        return 1;
    }
    executable[length] = '\0';

    char program[PATH_MAX];
    if (!find_program(program, sizeof program, executable, name)) {
        report("%s is missing beside %s; rebuild with 'swift build' or reinstall with 'make install'.", name, executable);
        return 1;
    }
    execv(program, argv);
    report("cannot start %s: %s.", program, strerror(errno));
    return 1;
}
