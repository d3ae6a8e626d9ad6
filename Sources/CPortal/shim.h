// libportal (xdg-desktop-portal client) for Swift. The camera portal's calls
// import as they are; the GIO pieces used to look for a session bus and a
// portal without blocking are re-stated here where they are macros.
#pragma once
#include <libportal/portal.h>

/// G_DBUS_CONNECTION_FLAGS for a client of a message bus (an OR of two enum
/// values, which Swift cannot combine for a C enum parameter).
static inline GDBusConnectionFlags squarecam_bus_client_flags(void) {
    return (GDBusConnectionFlags)(G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT
                                  | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION);
}
