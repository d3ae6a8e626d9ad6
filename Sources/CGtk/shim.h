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
static inline GtkWidget *squarecam_widget(gpointer object) { return GTK_WIDGET(object); }
static inline GtkWindow *squarecam_window(gpointer object) { return GTK_WINDOW(object); }
static inline GApplication *squarecam_application(gpointer object) { return G_APPLICATION(object); }
static inline GtkApplication *squarecam_gtk_application(gpointer object) { return GTK_APPLICATION(object); }
static inline GActionMap *squarecam_action_map(gpointer object) { return G_ACTION_MAP(object); }
static inline GtkStyleProvider *squarecam_style_provider(gpointer object) { return GTK_STYLE_PROVIDER(object); }
static inline GdkPaintable *squarecam_paintable(gpointer object) { return GDK_PAINTABLE(object); }
static inline GtkFileChooser *squarecam_file_chooser(gpointer object) { return GTK_FILE_CHOOSER(object); }
static inline GtkNativeDialog *squarecam_native_dialog(gpointer object) { return GTK_NATIVE_DIALOG(object); }
static inline GtkEventController *squarecam_event_controller(gpointer object) { return GTK_EVENT_CONTROLLER(object); }
static inline GtkGesture *squarecam_gesture(gpointer object) { return GTK_GESTURE(object); }
static inline GtkGestureSingle *squarecam_gesture_single(gpointer object) { return GTK_GESTURE_SINGLE(object); }
static inline GtkAccessible *squarecam_accessible(gpointer object) { return GTK_ACCESSIBLE(object); }

// gtk_accessible_update_property is variadic; Swift cannot call it.
static inline void squarecam_accessible_set_label(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}
static inline void squarecam_accessible_set_description(GtkWidget *widget, const char *text) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

// g_object_set is variadic; these set the few properties that have no setter.
static inline void squarecam_set_bool_property(gpointer object, const char *name, gboolean value) {
    g_object_set(object, name, value, NULL);
}

// Sets a string-array of accelerators for one action (a NULL-terminated list).
static inline void squarecam_set_accels(GtkApplication *app, const char *action,
                                        const char *first, const char *second) {
    const char *accels[3] = { first, second, NULL };
    gtk_application_set_accels_for_action(app, action, accels);
}

// GTK_IS_BUTTON, as a function: is the focused widget a button (which
// handles Space and Enter itself)?
static inline gboolean squarecam_is_button(GtkWidget *widget) {
    return widget != NULL && GTK_IS_BUTTON(widget);
}

static inline GtkRoot *squarecam_root(gpointer object) { return GTK_ROOT(object); }
