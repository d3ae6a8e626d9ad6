#pragma once
#include <adwaita.h>
#include <gtk/gtk.h>
#include <glib-unix.h>
#include <libintl.h>
#include <locale.h>
// mallopt: how the live view's frame-sized blocks are reused (FrameMemory).
#include <malloc.h>

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

// The rest of gtk_accessible_update_property / _update_state, one property each
// (variadic in C). A description is what screen readers read after the name, and
// what they speak when it changes on the focused widget.
static inline void squarecam_accessible_set_description(GtkWidget *widget, const char *description) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}
static inline void squarecam_accessible_set_level(GtkWidget *widget, int level) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LEVEL, level, -1);
}
static inline void squarecam_accessible_set_value_text(GtkWidget *widget, const char *text) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, text, -1);
}
static inline void squarecam_accessible_set_checked(GtkWidget *widget, gboolean checked) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_CHECKED,
                                checked ? GTK_ACCESSIBLE_TRISTATE_TRUE : GTK_ACCESSIBLE_TRISTATE_FALSE, -1);
}
static inline void squarecam_accessible_set_hidden(GtkWidget *widget, gboolean hidden) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_HIDDEN, hidden, -1);
}
// A widget's accessible role is fixed once GTK has made its accessibility
// context: set it before the widget joins a window (g_object_set is variadic).
static inline void squarecam_widget_set_accessible_role(GtkWidget *widget, GtkAccessibleRole role) {
    g_object_set(widget, "accessible-role", role, NULL);
}
static inline GtkAccessibleRole squarecam_widget_accessible_role(GtkWidget *widget) {
    return gtk_accessible_get_accessible_role(GTK_ACCESSIBLE(widget));
}
static inline GtkLabel *squarecam_as_label(GtkWidget *widget) {
    return GTK_IS_LABEL(widget) ? GTK_LABEL(widget) : NULL;
}
static inline GtkListBoxRow *squarecam_as_list_box_row(GtkWidget *widget) {
    return GTK_IS_LIST_BOX_ROW(widget) ? GTK_LIST_BOX_ROW(widget) : NULL;
}
