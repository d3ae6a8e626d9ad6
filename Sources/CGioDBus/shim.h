// GIO's D-Bus client for Swift (not libportal): the camera portal, the permission store and
// the session bus are reached through GDBus directly (the Request/Response
// dance, errors by name, and fd passing need more than libportal 0.6 exposes).
// The pieces Swift cannot call as C macros or OR-ed enums are re-stated here.
#pragma once
#include <gio/gio.h>
#include <gio/gunixfdlist.h>

/// G_DBUS_CONNECTION_FLAGS for a client of a message bus (an OR of two enum
/// values, which Swift cannot combine for a C enum parameter).
static inline GDBusConnectionFlags squarecam_bus_client_flags(void) {
    return (GDBusConnectionFlags)(G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT
                                  | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION);
}

/// G_IO_ERROR (a macro calling g_io_error_quark).
static inline GQuark squarecam_io_error_quark(void) {
    return g_io_error_quark();
}
