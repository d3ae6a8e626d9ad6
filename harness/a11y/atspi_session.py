#!/usr/bin/python3
"""A private accessibility bus for SquareCam's screen-reader tests.

Started by a test as a long-lived child (Tests/SquareCamAppTests/AccessibilityBus.swift).
In a fresh temporary folder it starts:

  dbus-daemon --session   with its own config and no service directories, so
                          nothing of the machine's (xdg-desktop-portal…) is activated
  at-spi-bus-launcher     owns org.a11y.Bus there and starts the accessibility
                          bus, where at-spi2-registryd is activated

The app is then started with the environment this script prints (the session
bus, and AT_SPI_BUS_ADDRESS so neither GTK nor this script reads a stale
AT_SPI_BUS property off the X root window) and joins the accessibility bus as
a screen reader would find it. This script reads it with pyatspi.

Protocol: the first line on stdout is JSON {"ready": true, "environment": {...}}
(or {"ready": false, "error": "..."} and exit 1). Then one command per stdin
line, one JSON reply per stdout line ({"ok": true, ...} or {"ok": false,
"error": "..."}):

  apps                 {"apps": [{"name", "pid"}]} on the accessibility bus
  tree PID             {"tree": NODE} the app's accessible tree: NODE = {"role", "name",
                       "description", "states": [...], "attributes": {...},
                       "interfaces": [...], "children": [NODE...]} (only showing nodes'
                       subtrees are walked; windows of the app are its children)
  events               {"events": [EVENT...]} what reached the bus since the last call
                       (object:* events from the app: type, detail1, detail2, any_data
                       as text, and the source's role and name)

When stdin closes every daemon is killed; each also gets SIGKILL if this
script dies (PR_SET_PDEATHSIG). Waits are polls of real state with deadlines.
"""

import ctypes
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

PR_SET_PDEATHSIG = 1
DEADLINE_SECONDS = 15.0
POLL_SECONDS = 0.05
# The events a screen reader reacts to; each is registered with the registry.
EVENT_TYPES = [
    "object:property-change:accessible-name",
    "object:property-change:accessible-description",
    "object:state-changed",
    "object:children-changed",
    "object:text-changed",
    "object:announcement",
    "focus:",
]


def die_with_parent():
    """Runs in each child before exec: SIGKILL it when this script dies."""
    libc = ctypes.CDLL("libc.so.6", use_errno=True)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    # A test runner's blocked or ignored signals survive exec.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    for number in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGPIPE):
        signal.signal(number, signal.SIG_DFL)
    os.setpgid(0, 0)


class HarnessError(Exception):
    pass


def poll_until(what, check, deadline=DEADLINE_SECONDS):
    end = time.monotonic() + deadline
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > end:
            raise HarnessError(f"timed out after {deadline:.0f} s waiting for {what}")
        time.sleep(POLL_SECONDS)


class Session:
    def __init__(self):
        self.root = tempfile.mkdtemp(prefix="squarecam-a11y-")
        self.runtime = os.path.join(self.root, "run")
        self.logs = os.path.join(self.root, "logs")
        for folder in (self.runtime, self.logs):
            os.makedirs(folder, mode=0o700, exist_ok=True)
        self.bus_address = "unix:path=" + os.path.join(self.runtime, "bus")
        self.a11y_address = None
        self.processes = {}

    def daemon_environment(self):
        env = dict(os.environ)
        # No DISPLAY: with one, at-spi-bus-launcher writes its bus's address on
        # the X root window (AT_SPI_BUS), and a registry finds its bus there.
        # Two tests' sessions on one display then crossed: one's registry
        # joined the other's bus, and its listener registration waited 25 s
        # per event type. Without it, the registry asks the session bus.
        for key in ("DISPLAY", "WAYLAND_DISPLAY", "AT_SPI_BUS_ADDRESS", "DBUS_SYSTEM_BUS_ADDRESS"):
            env.pop(key, None)
        env["DBUS_SESSION_BUS_ADDRESS"] = self.bus_address
        env["XDG_RUNTIME_DIR"] = self.runtime
        env["HOME"] = self.root
        env["GSETTINGS_BACKEND"] = "memory"
        return env

    def start(self, name, argv):
        log = open(os.path.join(self.logs, name + ".log"), "ab")
        process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                   env=self.daemon_environment(), preexec_fn=die_with_parent, close_fds=True)
        log.close()
        self.processes[name] = process
        return process

    def require_running(self, name):
        process = self.processes.get(name)
        if process is None or process.poll() is not None:
            raise HarnessError(f"{name} exited; its log:\n{self.log_tail(name)}")

    def log_tail(self, name, lines=15):
        try:
            with open(os.path.join(self.logs, name + ".log"), errors="replace") as log:
                return "".join(log.readlines()[-lines:])
        except OSError:
            return ""

    def start_all(self):
        config = os.path.join(self.root, "session-bus.conf")
        with open(config, "w") as file:
            file.write(f"""<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>{self.bus_address}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
""")
        self.start("dbus-daemon", ["dbus-daemon", "--nofork", "--config-file=" + config])
        from gi.repository import Gio, GLib

        def connect():
            self.require_running("dbus-daemon")
            try:
                return Gio.DBusConnection.new_for_address_sync(
                    self.bus_address,
                    Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
                    None, None)
            except Exception:
                return None
        bus = poll_until("the session bus", connect)
        # --launch-immediately: the accessibility bus now, not on the first GetAddress.
        self.start("at-spi-bus-launcher", ["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"])

        def address():
            self.require_running("at-spi-bus-launcher")
            try:
                reply = bus.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None,
                                      GLib.VariantType("(s)"), Gio.DBusCallFlags.NO_AUTO_START, 2000, None)
                return reply.unpack()[0] or None
            except Exception:
                return None
        self.a11y_address = poll_until("the accessibility bus", address)
        os.environ["AT_SPI_BUS_ADDRESS"] = self.a11y_address
        os.environ["DBUS_SESSION_BUS_ADDRESS"] = self.bus_address
        self.bus = bus

    def environment(self):
        """What the app needs to join this accessibility bus."""
        return {
            "DBUS_SESSION_BUS_ADDRESS": self.bus_address,
            "AT_SPI_BUS_ADDRESS": self.a11y_address,
            "GTK_A11Y": "atspi",
        }

    def stop_all(self):
        for process in reversed(list(self.processes.values())):
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        shutil.rmtree(self.root, ignore_errors=True)


class Reader:
    """The accessibility tree and events, through pyatspi (libatspi)."""

    def __init__(self):
        import pyatspi
        self.pyatspi = pyatspi
        self.events = []
        self.listener = pyatspi.Registry.registerEventListener(self.on_event, *EVENT_TYPES)

    def on_event(self, event):
        try:
            source = event.source
            role = source.getRoleName() if source else ""
            name = source.name if source else ""
            app = source.getApplication() if source else None
            pid = app.get_process_id() if app else 0
        except Exception:
            role, name, pid = "", "", 0
        data = event.any_data
        if hasattr(data, "getRoleName"):
            try:
                data = {"role": data.getRoleName(), "name": data.name}
            except Exception:
                data = None
        elif data is not None and not isinstance(data, (str, int, float, bool)):
            data = str(data)
        self.events.append({"type": event.type, "detail1": event.detail1, "detail2": event.detail2,
                            "data": data, "role": role, "name": name, "pid": pid, "time": time.monotonic()})

    def apps(self):
        desktop = self.pyatspi.Registry.getDesktop(0)
        found = []
        for index in range(desktop.childCount):
            app = desktop.getChildAtIndex(index)
            if app is None:
                continue
            try:
                found.append({"name": app.name, "pid": app.get_process_id()})
            except Exception:
                pass
        return found

    def app(self, pid):
        desktop = self.pyatspi.Registry.getDesktop(0)
        for index in range(desktop.childCount):
            app = desktop.getChildAtIndex(index)
            try:
                if app is not None and app.get_process_id() == pid:
                    return app
            except Exception:
                pass
        raise HarnessError(f"no application with pid {pid} on the accessibility bus (apps: {self.apps()})")

    def node(self, accessible, depth=0):
        pyatspi = self.pyatspi
        states = accessible.getState()
        state_names = sorted(pyatspi.stateToString(state) for state in states.getStates())
        try:
            attributes = accessible.get_attributes() or {}
        except Exception:
            attributes = {}
        interfaces = []
        try:
            interfaces = list(accessible.get_interfaces())
        except Exception:
            pass
        node = {
            "role": accessible.getRoleName(),
            "name": accessible.name or "",
            "description": accessible.description or "",
            "states": state_names,
            "attributes": dict(attributes),
            "interfaces": interfaces,
            "children": [],
        }
        if "Text" in interfaces:
            try:
                text = accessible.queryText()
                node["text"] = text.getText(0, text.characterCount)
            except Exception:
                pass
        # A hidden page's widgets are in the tree too; a screen reader walks what shows.
        if depth > 0 and "visible" not in state_names:
            return node
        for index in range(accessible.childCount):
            child = accessible.getChildAtIndex(index)
            if child is not None and depth < 60:
                node["children"].append(self.node(child, depth + 1))
        return node

    def tree(self, pid):
        return self.node(self.app(pid))

    def activate(self, pid, name):
        """Does the first action (click, press) of the first visible control named `name`:
        what a screen reader's user does, and the only input a test has under Wayland."""
        def find(accessible, depth=0):
            # GTK 4.8 marks only the window "showing"; a hidden page's widgets are not "visible".
            if depth > 0 and not accessible.getState().contains(self.pyatspi.STATE_VISIBLE):
                return None
            if (accessible.name or "") == name and "Action" in list(accessible.get_interfaces()):
                return accessible
            for index in range(accessible.childCount):
                child = accessible.getChildAtIndex(index)
                found = find(child, depth + 1) if child is not None and depth < 60 else None
                if found is not None:
                    return found
            return None
        control = find(self.app(pid))
        if control is None:
            return None
        action = control.queryAction()
        if action.nActions < 1:
            raise HarnessError(f"'{name}' has no action")
        action.doAction(0)
        return action.getName(0)

    def take_events(self):
        events, self.events = self.events, []
        return events


def reply(payload):
    sys.stdout.write(json.dumps(payload, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def main():
    session = Session()
    try:
        session.start_all()
        # gi and pyatspi after the environment is set: libatspi reads it once.
        from gi.repository import GLib
        reader = Reader()
    except Exception as error:
        reply({"ready": False, "error": str(error)})
        session.stop_all()
        return 1
    reply({"ready": True, "environment": session.environment()})

    loop = GLib.MainLoop()

    def on_line(channel, condition):
        line = sys.stdin.readline()
        if not line:
            loop.quit()
            return False
        words = line.split()
        if not words:
            return True
        try:
            if words[0] == "apps":
                reply({"ok": True, "apps": reader.apps()})
            elif words[0] == "tree" and len(words) == 2:
                reply({"ok": True, "tree": reader.tree(int(words[1]))})
            elif words[0] == "activate" and len(words) >= 3:
                done = reader.activate(int(words[1]), line.strip().split(" ", 2)[2])
                reply({"ok": True, "action": done})
            elif words[0] == "events":
                # Events that arrived while this line waited are dispatched first.
                context = GLib.MainContext.default()
                while context.pending():
                    context.iteration(False)
                reply({"ok": True, "events": reader.take_events()})
            elif words[0] == "quit":
                reply({"ok": True})
                loop.quit()
                return False
            else:
                reply({"ok": False, "error": f"unknown command {line.strip()!r}"})
        except Exception as error:
            reply({"ok": False, "error": f"{type(error).__name__}: {error}"})
        return True

    GLib.io_add_watch(sys.stdin, GLib.PRIORITY_DEFAULT, GLib.IO_IN | GLib.IO_HUP, on_line)
    try:
        loop.run()
    finally:
        session.stop_all()
    return 0


if __name__ == "__main__":
    sys.exit(main())
