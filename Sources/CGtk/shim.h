#pragma once
#include <adwaita.h>
#include <gtk/gtk.h>
#include <glib-unix.h>
#include <libintl.h>
#include <locale.h>

// libdispatch on Linux exports the hooks Foundation's RunLoop uses to serve
// the main queue from a foreign event loop; they have no public header.
// The handle is an eventfd that becomes readable when main-queue work is
// pending; the callback drains that work. GTK owns the main thread, so the
// GLib loop must call them or `@MainActor` tasks never run.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

// g_signal_connect is a macro; Swift needs a function.
static inline gulong squarecam_signal_connect(gpointer instance, const char *signal,
                                              GCallback handler, gpointer data,
                                              GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, handler, data, destroy, (GConnectFlags)0);
}

// GTK's casting macros, as functions (they check the type in debug builds).
static inline GApplication *squarecam_application(gpointer object) { return G_APPLICATION(object); }
static inline GtkApplication *squarecam_gtk_application(gpointer object) { return GTK_APPLICATION(object); }
static inline GActionMap *squarecam_action_map(gpointer object) { return G_ACTION_MAP(object); }
static inline GtkStyleProvider *squarecam_style_provider(gpointer object) { return GTK_STYLE_PROVIDER(object); }
static inline GtkFileChooser *squarecam_file_chooser(gpointer object) { return GTK_FILE_CHOOSER(object); }
static inline GtkNativeDialog *squarecam_native_dialog(gpointer object) { return GTK_NATIVE_DIALOG(object); }
static inline GtkEventController *squarecam_event_controller(gpointer object) { return GTK_EVENT_CONTROLLER(object); }
static inline GtkGesture *squarecam_gesture(gpointer object) { return GTK_GESTURE(object); }
static inline GtkAccessible *squarecam_accessible(gpointer object) { return GTK_ACCESSIBLE(object); }

// gtk_accessible_update_property is variadic; Swift cannot call it.
static inline void squarecam_accessible_set_label(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}
