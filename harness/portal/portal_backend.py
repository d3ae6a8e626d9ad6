"""python3-dbusmock template: a desktop portal backend for SquareCam's tests.

Loaded by session.py with `python3 -m dbusmock --session -t <this file> -p <json>`.
It implements the two backend interfaces xdg-desktop-portal 1.16 consults for
the camera portal:

- org.freedesktop.impl.portal.Access: AccessDialog answers with the number in
  the file named by the `answer_file` parameter (0 allow, 1 deny, 2 cancelled,
  or "hang": never answers),
  so the harness can change the answer without restarting anything. dbusmock
  records every call; the harness counts them with GetMethodCalls.
- org.freedesktop.impl.portal.Lockdown: the `disable-camera` property, which
  x-d-p checks before anything else in AccessCamera (lockdown → NotAllowed).
  x-d-p reads it when it starts, so the harness restarts x-d-p after a change.
"""

import dbus

BUS_NAME = "org.freedesktop.impl.portal.desktop.squarecamtest"
MAIN_OBJ = "/org/freedesktop/portal/desktop"
MAIN_IFACE = "org.freedesktop.impl.portal.Access"
SYSTEM_BUS = False

LOCKDOWN_IFACE = "org.freedesktop.impl.portal.Lockdown"


def load(mock, parameters):
    answer_file = parameters["answer_file"]
    # The response is read on every call: the harness rewrites the file to
    # switch between allow and deny.
    # "hang" keeps the dialog open (a person who does not answer) until the
    # backend is stopped: the caller's cancellation is then the only way out.
    mock.AddMethod(
        MAIN_IFACE,
        "AccessDialog",
        "osssssa{sv}",
        "ua{sv}",
        f"answer = open({answer_file!r}).read().strip()\n"
        "if answer == 'hang':\n"
        "    import time\n"
        "    time.sleep(600)\n"
        "ret = (dbus.UInt32(int(answer)), dbus.Dictionary({}, signature='sv'))",
    )
    mock.AddProperties(
        LOCKDOWN_IFACE,
        {
            "disable-printing": dbus.Boolean(False),
            "disable-save-to-disk": dbus.Boolean(False),
            "disable-application-handlers": dbus.Boolean(False),
            "disable-location": dbus.Boolean(False),
            "disable-camera": dbus.Boolean(bool(parameters.get("lockdown", False))),
            "disable-microphone": dbus.Boolean(False),
            "disable-sound-output": dbus.Boolean(False),
        },
    )
