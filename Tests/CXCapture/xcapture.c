#include "cxcapture.h"

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

// Xlib reports a request's error to one handler for the whole process, on
// the thread that made the request: each capture (one connection, one
// thread) finds its own error here. Without the handler, Xlib's default one
// ends the process, and with it every test.
static _Thread_local int capture_error;

static int note_error(Display *display, XErrorEvent *event) {
    (void)display;
    capture_error = event->error_code;
    return 0;
}

static void install_error_handler(void) { XSetErrorHandler(note_error); }
static pthread_once_t error_handler_installed = PTHREAD_ONCE_INIT;

/// The shift that brings `mask`'s lowest bit to bit 0, and its width.
static void mask_layout(unsigned long mask, int *shift, int *bits) {
    *shift = 0;
    *bits = 0;
    if (!mask) return;
    while (!(mask & 1)) { mask >>= 1; (*shift)++; }
    while (mask & 1) { mask >>= 1; (*bits)++; }
}

static unsigned char channel(unsigned long pixel, int shift, int bits) {
    unsigned long value = (pixel >> shift) & ((1ul << bits) - 1);
    return bits >= 8 ? (unsigned char)(value >> (bits - 8)) : (unsigned char)(value * 255 / ((1ul << bits) - 1));
}

int cxcapture_window(const char *display_name, unsigned long window, unsigned char **rgb, int *width, int *height,
                     char *message) {
    *rgb = NULL;
    Display *display = XOpenDisplay(display_name);
    if (!display) {
        snprintf(message, 256, "cannot open X display %s", display_name);
        return -1;
    }
    pthread_once(&error_handler_installed, install_error_handler);
    capture_error = 0;
    Window target = window ? (Window)window : DefaultRootWindow(display);
    XWindowAttributes attributes;
    int status = -1;
    XImage *image = NULL;
    if (!XGetWindowAttributes(display, target, &attributes) || capture_error) {
        snprintf(message, 256, "no window 0x%lx on %s (X error %d)", window, display_name, capture_error);
        goto done;
    }
    if (attributes.map_state != IsViewable) {
        snprintf(message, 256, "window 0x%lx on %s is not shown", window, display_name);
        goto done;
    }
    image = XGetImage(display, target, 0, 0, (unsigned)attributes.width, (unsigned)attributes.height, AllPlanes, ZPixmap);
    XSync(display, False);
    if (!image || capture_error) {
        snprintf(message, 256, "could not read window 0x%lx on %s (X error %d)", window, display_name, capture_error);
        goto done;
    }
    int red_shift, red_bits, green_shift, green_bits, blue_shift, blue_bits;
    mask_layout(image->red_mask, &red_shift, &red_bits);
    mask_layout(image->green_mask, &green_shift, &green_bits);
    mask_layout(image->blue_mask, &blue_shift, &blue_bits);
    if (!red_bits || !green_bits || !blue_bits) {
        snprintf(message, 256, "window 0x%lx on %s is not true colour", window, display_name);
        goto done;
    }
    unsigned char *out = malloc((size_t)image->width * (size_t)image->height * 3);
    if (!out) {
        snprintf(message, 256, "out of memory");
        goto done;
    }
    unsigned char *next = out;
    for (int y = 0; y < image->height; y++) {
        for (int x = 0; x < image->width; x++) {
            // 32 bits a pixel, least significant byte first (Xvfb's depth 24
            // on a PC): read in place; anything else through Xlib.
            const unsigned char *p = (const unsigned char *)image->data + (size_t)y * (size_t)image->bytes_per_line + (size_t)x * 4;
            unsigned long pixel = image->bits_per_pixel == 32 && image->byte_order == LSBFirst
                ? (unsigned long)p[0] | (unsigned long)p[1] << 8 | (unsigned long)p[2] << 16 | (unsigned long)p[3] << 24
                : XGetPixel(image, x, y);
            *next++ = channel(pixel, red_shift, red_bits);
            *next++ = channel(pixel, green_shift, green_bits);
            *next++ = channel(pixel, blue_shift, blue_bits);
        }
    }
    *rgb = out;
    *width = image->width;
    *height = image->height;
    status = 0;
done:
    if (image) XDestroyImage(image);
    XCloseDisplay(display);
    return status;
}
