/*
 * Which of SquareCam's three programs runs a `squarecam` command line, by
 * its first word: one table, read by the launcher (Sources/squarecam, C,
 * which runs before every command and so cannot be Swift) and by the
 * programs themselves (CommandRoute, Sources/SquareCamCommandLine), so the
 * two cannot disagree.
 */
#pragma once

typedef enum {
    /* crop, help, --help, --version, and words that are no command (it explains them). */
    SQUARECAM_PROGRAM_CROP,
    /* shoot, record, recover, scan, devices: GStreamer, no GTK. */
    SQUARECAM_PROGRAM_GSTREAMER,
    /* no words, or only the app's own options (--camera): the GTK app. */
    SQUARECAM_PROGRAM_APP,
} squarecam_program;

/* The program for a command line whose first word is `first` (NULL: no words). */
squarecam_program squarecam_program_for(const char *first);

/* The program's file name: "squarecam-crop", "squarecam-gst", "squarecam-app". */
const char *squarecam_program_file(squarecam_program program);
