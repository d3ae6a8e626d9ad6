// Test-only (never shipped): a window's pixels read straight from the X
// server, as `import -window` reads them, without starting a program for
// every screenshot.
#pragma once

/// Reads window `window` (0: the root window, the whole screen) of X display
/// `display_name` as RGB bytes, row by row, into `*rgb` (malloc'd; free it)
/// and its size into `*width`, `*height`. Returns 0, or -1 with the reason in
/// `message` (at least 256 bytes).
int cxcapture_window(const char *display_name, unsigned long window, unsigned char **rgb, int *width, int *height,
                     char *message);
