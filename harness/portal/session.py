#!/usr/bin/python3
"""A private desktop session with real daemons, for SquareCam's camera tests.

Started by a test as a long-lived child (see Tests/*/PortalSession.swift). In
a fresh temporary folder it starts:

  dbus-daemon --session   with its own config: no service directories, so the
                          bus never D-Bus-activates the machine's own portal
  xdg-permission-store    org.freedesktop.impl.portal.PermissionStore (the
                          stored camera answers live here)
  pipewire                with a drop-in (pipewire.conf.d) making N camera
                          nodes inside PipeWire: SPA videotestsrc behind an
                          adapter, media.class=Video/Source, media.role=Camera
  wireplumber             the session manager (links streams; gives portal
                          clients access to camera nodes per the permission store)
  portal_backend.py       python3-dbusmock: org.freedesktop.impl.portal.Access
                          (AccessDialog answers allow or deny, calls counted)
                          and org.freedesktop.impl.portal.Lockdown
  xdg-desktop-portal -r   the real one, reading our .portal file through
                          XDG_DESKTOP_PORTAL_DIR

Protocol: the first line on stdout is JSON {"ready": true, "environment":
{...}, ...} (or {"ready": false, "error": "..."} and exit 1). Then one command
per stdin line, one JSON reply per stdout line ({"ok": true, ...} or {"ok":
false, "error": "..."}). See COMMANDS below. When stdin closes (the test ended
or died) every daemon is killed; every daemon also gets SIGKILL if this script
dies (PR_SET_PDEATHSIG), so nothing outlives a test run.

Options: --cameras N (default 1, 0 allowed), --microphones N (default 0:
SPA audiotestsrc nodes, media.class=Audio/Source), --no-portal (bus, store and
PipeWire only), --no-pipewire, --answer allow|deny|cancel|hang, --permission
yes|no|ask|none, --lockdown.

Waits are polls of real state with deadlines, never fixed sleeps.
"""

import argparse
import ctypes
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PORTAL_BUS_NAME = "org.freedesktop.portal.Desktop"
BACKEND_BUS_NAME = "org.freedesktop.impl.portal.desktop.squarecamtest"
STORE_BUS_NAME = "org.freedesktop.impl.portal.PermissionStore"
STORE_PATH = "/org/freedesktop/impl/portal/PermissionStore"
# A host (unsandboxed) app's id as x-d-p 1.16 sees it: empty.
HOST_APP_ID = ""
ANSWERS = {"allow": "0", "deny": "1", "cancel": "2", "hang": "hang"}
DEADLINE_SECONDS = 15.0
POLL_SECONDS = 0.05

COMMANDS = """
permission yes|no|ask|none   store the camera answer for the host app ("none" deletes it)
stored                       {"stored": "yes"|"no"|"ask"|null}
answer allow|deny|cancel|hang  what the Access dialog answers from now on (hang: never)
dialogs                      {"dialogs": N} AccessDialog calls since the backend started
lockdown on|off              set disable-camera and restart x-d-p (it reads lockdown at start)
restart-portal               restart xdg-desktop-portal (and the backend: dialog count 0)
stop-portal                  stop xdg-desktop-portal (its bus name goes away)
kill-pipewire                SIGKILL pipewire; wireplumber exits with it
start-pipewire               start pipewire and wireplumber again (same camera nodes)
freeze-pipewire              SIGSTOP pipewire: nodes and links stay, no frame flows, nobody is told
thaw-pipewire                SIGCONT pipewire
add-camera [NAME]            a new camera node at run time; {"serial": "..", "name": ".."}
add-microphone               a new microphone node at run time; {"name": ".."}
add-clapper                  camera and microphone nodes of another program flashing and beeping
                             together each second; {"serial", "camera", "microphone", "base_time"}
add-picture-camera PATH      a camera node showing the PNG at PATH (a GStreamer client); {"serial", "name"}
remove-camera SERIAL         destroy that node
cameras                      {"cameras": [{"serial", "name", "description"}]}
health                       {"report": ".."}: which daemons run, how the others ended, the ends of their logs
quit                         stop everything and exit
"""

PR_SET_PDEATHSIG = 1


def die_with_parent():
    """Runs in each child before exec: SIGKILL it when this script dies."""
    libc = ctypes.CDLL("libc.so.6", use_errno=True)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    # A test runner may block or ignore signals, and both survive exec: a
    # daemon would then ignore our SIGTERM (dbus-daemon and dbusmock did,
    # under swift test), costing the stop timeout each.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    for number in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGPIPE):
        signal.signal(number, signal.SIG_DFL)
    # Its own process group, so a Ctrl-C at the terminal reaches only us.
    os.setpgid(0, 0)


class HarnessError(Exception):
    pass


def poll_until(what, check, deadline=DEADLINE_SECONDS):
    """Calls check() until it returns a truthy value or the deadline passes."""
    end = time.monotonic() + deadline
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > end:
            raise HarnessError(f"timed out after {deadline:.0f} s waiting for {what}")
        time.sleep(POLL_SECONDS)


class Session:
    def __init__(self, options):
        self.options = options
        self.root = tempfile.mkdtemp(prefix="squarecam-session-")
        self.runtime = os.path.join(self.root, "run")
        self.config = os.path.join(self.root, "config")
        self.data = os.path.join(self.root, "data")
        self.logs = os.path.join(self.root, "logs")
        self.portals = os.path.join(self.root, "portals")
        for folder in (self.runtime, self.config, self.data, self.logs, self.portals):
            os.makedirs(folder, mode=0o700, exist_ok=True)
        self.bus_address = "unix:path=" + os.path.join(self.runtime, "bus")
        self.answer_file = os.path.join(self.root, "answer")
        self.set_answer(options.answer)
        self.lockdown = options.lockdown
        self.processes = {}
        self.camera_count = options.cameras
        self.microphone_count = options.microphones
        self.added_cameras = 0
        self.added_microphones = 0
        self.picture_cameras = 0
        self.clappers = 0
        self.bus = None

    # ─── environment ───

    def environment(self):
        """What a client of this session needs (SquareCam itself, gst-launch)."""
        env = {
            "DBUS_SESSION_BUS_ADDRESS": self.bus_address,
            "XDG_RUNTIME_DIR": self.runtime,
            "PIPEWIRE_RUNTIME_DIR": self.runtime,
        }
        # Under make test-sanitizers, a program the test starts with only
        # this environment (the camera list helper) reports with the test's
        # own options: its suppressions, its report files.
        for key in ("ASAN_OPTIONS", "TSAN_OPTIONS"):
            if key in os.environ:
                env[key] = os.environ[key]
        return env

    def daemon_environment(self):
        env = dict(os.environ)
        for key in ("DISPLAY", "WAYLAND_DISPLAY", "PIPEWIRE_REMOTE", "DBUS_SYSTEM_BUS_ADDRESS"):
            env.pop(key, None)
        env.update(self.environment())
        env["XDG_CONFIG_HOME"] = self.config
        env["XDG_DATA_HOME"] = self.data
        env["XDG_STATE_HOME"] = os.path.join(self.root, "state")
        env["HOME"] = self.root
        # No real session manager here; keep GIO from looking for one.
        env["GIO_USE_VFS"] = "local"
        env["GSETTINGS_BACKEND"] = "memory"
        return env

    def start(self, name, argv, env=None):
        log = open(os.path.join(self.logs, name + ".log"), "ab")
        process = subprocess.Popen(
            argv, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
            env=env or self.daemon_environment(), preexec_fn=die_with_parent, close_fds=True)
        log.close()
        self.processes[name] = process
        return process

    def stop(self, name, sig=signal.SIGTERM):
        process = self.processes.pop(name, None)
        if process is None:
            return
        if process.poll() is None:
            process.send_signal(signal.SIGCONT)  # a frozen process would hold a SIGTERM pending
            process.send_signal(sig)
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    def require_running(self, name):
        process = self.processes.get(name)
        if process is None or process.poll() is not None:
            raise HarnessError(f"{name} exited (status {process.returncode if process else '?'}); "
                               f"see {os.path.join(self.logs, name + '.log')}:\n{self.log_tail(name)}")

    def health_report(self):
        """For a failed test: each daemon running or how it ended, and the end
        of the logs that say most about a camera that did not come (PipeWire's
        and the portal's) or of any daemon that ended."""
        states, tails = [], []
        for name, process in self.processes.items():
            status = process.poll()
            states.append(f"{name} {'running' if status is None else f'ended with status {status}'}")
            if status is not None or name in ("pipewire", "xdg-desktop-portal"):
                tail = self.log_tail(name, 8).rstrip()
                if tail:
                    tails.append(f"--- {name}.log ends:\n{tail}")
        return "; ".join(states) + "".join("\n" + tail for tail in tails)

    def log_tail(self, name, lines=15):
        try:
            with open(os.path.join(self.logs, name + ".log"), errors="replace") as log:
                return "".join(log.readlines()[-lines:])
        except OSError:
            return ""

    # ─── D-Bus ───

    def start_bus(self):
        config = os.path.join(self.root, "session-bus.conf")
        # No <servicedir> and no <standard_session_servicedirs/>: nothing is
        # D-Bus-activated, only the daemons we start own names.
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
        from gi.repository import Gio

        def connect():
            self.require_running("dbus-daemon")
            try:
                return Gio.DBusConnection.new_for_address_sync(
                    self.bus_address,
                    Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
                    None, None)
            except Exception:
                return None
        self.bus = poll_until("the session bus", connect)

    def call(self, name, path, interface, method, signature=None, args=None, reply=None, timeout_ms=5000):
        from gi.repository import GLib, Gio
        parameters = GLib.Variant(signature, args) if signature else None
        result = self.bus.call_sync(name, path, interface, method, parameters,
                                    GLib.VariantType(reply) if reply else None,
                                    Gio.DBusCallFlags.NO_AUTO_START, timeout_ms, None)
        return result.unpack() if result is not None else None

    def name_has_owner(self, name):
        return self.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                         "NameHasOwner", "(s)", (name,), "(b)")[0]

    def wait_for_name(self, process_name, bus_name):
        def owned():
            self.require_running(process_name)
            return self.name_has_owner(bus_name)
        poll_until(f"{process_name} to own {bus_name}", owned)

    def wait_name_gone(self, bus_name):
        poll_until(f"{bus_name} to leave the bus", lambda: not self.name_has_owner(bus_name))

    # ─── permission store ───

    def start_permission_store(self):
        self.start("xdg-permission-store", ["/usr/libexec/xdg-permission-store", "--replace"])
        self.wait_for_name("xdg-permission-store", STORE_BUS_NAME)

    def set_permission(self, value):
        if value == "none":
            try:
                self.call(STORE_BUS_NAME, STORE_PATH, "org.freedesktop.impl.portal.PermissionStore",
                          "Delete", "(ss)", ("devices", "camera"))
            except Exception as error:
                if "NotFound" not in str(error):
                    raise
            return
        if value not in ("yes", "no", "ask"):
            raise HarnessError(f"permission takes yes, no, ask or none, not {value!r}")
        self.call(STORE_BUS_NAME, STORE_PATH, "org.freedesktop.impl.portal.PermissionStore",
                  "SetPermission", "(sbssas)", ("devices", True, "camera", HOST_APP_ID, [value]))

    def stored_permission(self):
        try:
            permissions, _ = self.call(STORE_BUS_NAME, STORE_PATH, "org.freedesktop.impl.portal.PermissionStore",
                                       "Lookup", "(ss)", ("devices", "camera"), "(a{sas}v)")
        except Exception as error:
            if "NotFound" in str(error):
                return None
            raise
        values = permissions.get(HOST_APP_ID)
        return values[0] if values else None

    # ─── PipeWire ───

    @staticmethod
    def test_node_properties(spa_plugin, name, description, media_class, role=None):
        """The properties of a node made by one of SPA's test sources behind an
        adapter: in pipewire.conf (node_config) or at run time (create_test_node)."""
        role_part = f" media.role = {role}" if role else ""
        return (f"factory.name = {spa_plugin} library.name = {spa_plugin}/libspa-{spa_plugin} "
                f"node.name = \"{name}\" node.description = \"{description}\" "
                f"media.class = {media_class}{role_part} object.linger = true")

    @classmethod
    def node_config(cls, spa_plugin, name, description, media_class, role=None):
        """A node inside PipeWire made by one of SPA's test sources behind an adapter."""
        return f"  {{ factory = adapter args = {{ {cls.test_node_properties(spa_plugin, name, description, media_class, role)} }} }}\n"

    def camera_node_config(self, index, name=None):
        return self.node_config("videotestsrc", name or f"squarecam-test-camera-{index}",
                                f"SquareCam Test Camera {index}", "Video/Source", role="Camera")

    def microphone_node_config(self, index):
        # SPA's audiotestsrc: a sine, as a microphone would give sound. In
        # PipeWire 0.3.65 a node of it stops for good ("audiotestsrc: out of
        # buffers" in pipewire.log) once a consumer that held its buffers has
        # left on a busy machine; pw-record shows it as squarecam does. A test
        # that records more than once takes a fresh node (add-microphone).
        return self.node_config("audiotestsrc", f"squarecam-test-microphone-{index}",
                                f"SquareCam Test Microphone {index}", "Audio/Source")

    def write_pipewire_config(self):
        folder = os.path.join(self.config, "pipewire", "pipewire.conf.d")
        os.makedirs(folder, exist_ok=True)
        nodes = "".join(self.camera_node_config(index) for index in range(1, self.camera_count + 1))
        nodes += "".join(self.microphone_node_config(index) for index in range(1, self.microphone_count + 1))
        # Arrays in a drop-in are appended to the main pipewire.conf's.
        with open(os.path.join(folder, "squarecam-apps.conf"), "w") as file:
            file.write("context.objects = [\n" + nodes + "]\n")
        wireplumber = os.path.join(self.config, "wireplumber", "main.lua.d")
        os.makedirs(wireplumber, exist_ok=True)
        # No sound cards, Bluetooth or real cameras: the session holds only our nodes.
        with open(os.path.join(wireplumber, "90-squarecam-test.lua"), "w") as file:
            file.write("alsa_monitor.enabled = false\nv4l2_monitor.enabled = false\n"
                       "libcamera_monitor.enabled = false\n")

    def pw_dump(self):
        try:
            output = subprocess.run(["pw-dump", "--no-colors"], env=self.daemon_environment(),
                                    capture_output=True, timeout=5).stdout
            return json.loads(output or b"[]")
        except (subprocess.TimeoutExpired, json.JSONDecodeError):
            return []

    def camera_nodes(self, objects=None):
        cameras = []
        for item in objects if objects is not None else self.pw_dump():
            if item.get("type") != "PipeWire:Interface:Node":
                continue
            props = (item.get("info") or {}).get("props") or {}
            if props.get("media.class") == "Video/Source" and props.get("media.role") == "Camera":
                cameras.append({"id": item["id"], "serial": str(props.get("object.serial")),
                                "name": props.get("node.name"), "description": props.get("node.description")})
        return cameras

    def start_pipewire(self):
        self.start("pipewire", ["pipewire"])

        def nodes_ready():
            self.require_running("pipewire")
            objects = self.pw_dump()
            return objects and len(self.camera_nodes(objects)) == self.camera_count
        poll_until("pipewire and its camera nodes", nodes_ready)
        self.start("wireplumber", ["wireplumber"])

        def session_manager_ready():
            self.require_running("wireplumber")
            objects = self.pw_dump()
            # WirePlumber connects a second client ("WirePlumber [export]")
            # after loading its modules, and its default-nodes script publishes
            # the "default" metadata once there is a node to be default.
            exported = any(item.get("type") == "PipeWire:Interface:Client"
                           and ((item.get("info") or {}).get("props") or {}).get("application.name") == "WirePlumber [export]"
                           for item in objects)
            default = any(item.get("type") == "PipeWire:Interface:Metadata"
                          and (item.get("props") or {}).get("metadata.name") == "default"
                          for item in objects)
            return exported and (default or not self.camera_nodes(objects))
        poll_until("wireplumber", session_manager_ready)

    def kill_pipewire(self):
        self.stop("pipewire", signal.SIGKILL)
        # WirePlumber loses its core and exits; do not wait on its own timing.
        self.stop("wireplumber", signal.SIGKILL)
        poll_until("the pipewire socket to close",
                   lambda: subprocess.run(["pw-cli", "info", "0"], env=self.daemon_environment(),
                                          capture_output=True, timeout=5).returncode != 0)

    def create_test_node(self, spa_plugin, name, description, media_class, role=None):
        """One of SPA's test sources behind an adapter, made at run time (pw-cli)."""
        props = "{ " + self.test_node_properties(spa_plugin, name, description, media_class, role) + " }"
        result = subprocess.run(["pw-cli", "create-node", "adapter", props], env=self.daemon_environment(),
                                capture_output=True, text=True, timeout=10)
        if result.returncode != 0:
            raise HarnessError("pw-cli create-node failed: " + (result.stderr or result.stdout).strip())

    def add_camera(self, name=None):
        self.added_cameras += 1
        index = self.camera_count + self.added_cameras
        name = name or f"squarecam-test-camera-{index}"
        self.create_test_node("videotestsrc", name, f"SquareCam Test Camera {index}", "Video/Source", role="Camera")
        found = poll_until(f"the camera node {name}",
                           lambda: [camera for camera in self.camera_nodes() if camera["name"] == name])
        return found[0]

    def add_microphone(self):
        """A fresh microphone node (see microphone_node_config for why)."""
        self.added_microphones += 1
        index = self.microphone_count + self.added_microphones
        name = f"squarecam-test-microphone-{index}"
        self.create_test_node("audiotestsrc", name, f"SquareCam Test Microphone {index}", "Audio/Source")
        poll_until(f"the microphone node {name}", lambda: any(
            ((item.get("info") or {}).get("props") or {}).get("node.name") == name for item in self.pw_dump()))
        return {"name": name}

    def add_picture_camera(self, path):
        """A camera node showing a PNG (a QR code for `squarecam scan`): a GStreamer
        client of this PipeWire providing a Video/Source node with the Camera role."""
        with open(path, "rb") as png:
            header = png.read(24)
        if header[:8] != b"\x89PNG\r\n\x1a\n":
            raise HarnessError(f"{path} is not a PNG")
        width, height = int.from_bytes(header[16:20], "big"), int.from_bytes(header[20:24], "big")
        self.picture_cameras += 1
        name = f"squarecam-picture-camera-{self.picture_cameras}"
        # The picture is blended onto videotestsrc's white frames, not decoded
        # into frames of its own: pipewiresink 0.3.65 in provide mode crashed
        # (gst_buffer_peek_memory) on every buffer that was not from its own
        # pool, as pngdec's are, while videotestsrc draws into that pool's.
        self.start(name, [
            "gst-launch-1.0", "-q", "videotestsrc", "is-live=true", "pattern=white",
            "!", f"video/x-raw,format=I420,width={width},height={height},framerate=30/1",
            "!", "gdkpixbufoverlay", f"location={path}",
            "!", "pipewiresink", "mode=provide",
            # gst-launch joins its arguments into one pipeline text: the value is quoted in it.
            f"stream-properties=\"props,media.class=Video/Source,media.role=Camera,node.name={name},"
            f"node.description=\\\"SquareCam Picture Camera {self.picture_cameras}\\\"\""])
        found = poll_until(f"the picture camera node {name}",
                           lambda: self.require_running(name) or
                           [camera for camera in self.camera_nodes() if camera["name"] == name])
        return found[0]

    def add_clapper(self):
        """A camera node and a microphone node from another program that flash
        and beep together at every whole second (harness/av-sync/clapper.py)."""
        self.clappers += 1
        prefix = f"squarecam-clapper-{self.clappers}"
        name = f"clapper-{self.clappers}"
        self.start(name, ["/usr/bin/python3", os.path.join(HERE, "..", "av-sync", "clapper.py"), prefix, "3600"])

        def ready():
            self.require_running(name)
            return [line.split()[1] for line in self.log_tail(name, 50).splitlines() if line.startswith("ready ")]
        base_time = poll_until(f"the clapper {prefix}", ready, deadline=30)[0]
        camera = [camera for camera in self.camera_nodes() if camera["name"] == f"{prefix}-camera"][0]
        return {"serial": camera["serial"], "camera": camera["name"], "microphone": f"{prefix}-microphone",
                "base_time": base_time}

    def remove_camera(self, serial):
        # Polled, not asked once: a pw-dump that timed out or was cut short
        # reads as no nodes at all (seen once in a full, parallel test run).
        try:
            matches = poll_until(f"the camera node {serial} in pw-dump", lambda: [
                camera for camera in self.camera_nodes() if camera["serial"] == serial or camera["name"] == serial])
        except HarnessError:
            raise HarnessError(f"no camera node with serial or name {serial!r}") from None
        result = subprocess.run(["pw-cli", "destroy", str(matches[0]["id"])], env=self.daemon_environment(),
                                capture_output=True, text=True, timeout=10)
        if result.returncode != 0:
            raise HarnessError("pw-cli destroy failed: " + (result.stderr or result.stdout).strip())
        poll_until(f"the camera node {serial} to go",
                   lambda: not [camera for camera in self.camera_nodes() if camera["id"] == matches[0]["id"]])
        return matches[0]

    # ─── portal ───

    def set_answer(self, answer):
        if answer not in ANSWERS:
            raise HarnessError(f"answer takes allow, deny, cancel or hang, not {answer!r}")
        with open(self.answer_file + ".new", "w") as file:
            file.write(str(ANSWERS[answer]))
        os.replace(self.answer_file + ".new", self.answer_file)

    def start_backend(self):
        parameters = json.dumps({"answer_file": self.answer_file, "lockdown": self.lockdown})
        self.start("portal-backend", [sys.executable, "-m", "dbusmock", "--session",
                                      "-t", os.path.join(HERE, "portal_backend.py"), "-p", parameters])
        self.wait_for_name("portal-backend", BACKEND_BUS_NAME)

    def dialog_count(self):
        calls = self.call(BACKEND_BUS_NAME, "/org/freedesktop/portal/desktop", "org.freedesktop.DBus.Mock",
                          "GetMethodCalls", "(s)", ("AccessDialog",), "(a(tav))")[0]
        return len(calls)

    def start_portal(self):
        with open(os.path.join(self.portals, "squarecamtest.portal"), "w") as file:
            file.write("[portal]\nDBusName=" + BACKEND_BUS_NAME + "\n"
                       "Interfaces=org.freedesktop.impl.portal.Access;org.freedesktop.impl.portal.Lockdown;\n"
                       "UseIn=squarecamtest\n")
        env = self.daemon_environment()
        env["XDG_DESKTOP_PORTAL_DIR"] = self.portals
        env["XDG_CURRENT_DESKTOP"] = "squarecamtest"
        self.start("xdg-desktop-portal", ["/usr/libexec/xdg-desktop-portal", "-r", "-v"], env=env)
        self.wait_for_name("xdg-desktop-portal", PORTAL_BUS_NAME)

    def stop_portal(self):
        self.stop("xdg-desktop-portal")
        self.wait_name_gone(PORTAL_BUS_NAME)

    def restart_portal(self):
        self.stop_portal()
        self.stop("portal-backend")
        self.wait_name_gone(BACKEND_BUS_NAME)
        self.start_backend()
        self.start_portal()

    # ─── lifecycle ───

    def start_all(self):
        self.start_bus()
        self.start_permission_store()
        if self.options.permission:
            self.set_permission(self.options.permission)
        if not self.options.no_pipewire:
            self.write_pipewire_config()
            self.start_pipewire()
        if not self.options.no_portal:
            self.start_backend()
            self.start_portal()

    def stop_all(self):
        for name in ("xdg-desktop-portal", "portal-backend", "wireplumber", "pipewire",
                     "xdg-permission-store", "dbus-daemon"):
            self.stop(name)
        for name in list(self.processes):
            self.stop(name)
        if not os.environ.get("SQUARECAM_SESSION_KEEP"):
            shutil.rmtree(self.root, ignore_errors=True)

    def run_command(self, line):
        words = line.split()
        if not words:
            return {"ok": True}
        command, arguments = words[0], words[1:]
        argument = arguments[0] if arguments else None
        if command == "permission":
            self.set_permission(argument or "")
            return {"ok": True, "stored": self.stored_permission()}
        if command == "stored":
            return {"ok": True, "stored": self.stored_permission()}
        if command == "answer":
            self.set_answer(argument or "")
            return {"ok": True}
        if command == "dialogs":
            return {"ok": True, "dialogs": self.dialog_count()}
        if command == "lockdown":
            self.lockdown = argument == "on"
            self.restart_portal()
            return {"ok": True}
        if command == "restart-portal":
            self.restart_portal()
            return {"ok": True}
        if command == "stop-portal":
            self.stop_portal()
            return {"ok": True}
        if command == "kill-pipewire":
            self.kill_pipewire()
            return {"ok": True}
        if command == "start-pipewire":
            self.added_cameras = 0
            self.added_microphones = 0
            self.start_pipewire()
            return {"ok": True, "cameras": self.camera_nodes()}
        if command in ("freeze-pipewire", "thaw-pipewire"):
            self.require_running("pipewire")
            self.processes["pipewire"].send_signal(signal.SIGSTOP if command == "freeze-pipewire" else signal.SIGCONT)
            return {"ok": True}
        if command == "add-camera":
            camera = self.add_camera(argument)
            return {"ok": True, "serial": camera["serial"], "name": camera["name"]}
        if command == "add-microphone":
            return {"ok": True, "name": self.add_microphone()["name"]}
        if command == "add-clapper":
            return {"ok": True, **self.add_clapper()}
        if command == "add-picture-camera":
            # The rest of the line is the path, spaces and all.
            camera = self.add_picture_camera(line.split(None, 1)[1] if argument else "")
            return {"ok": True, "serial": camera["serial"], "name": camera["name"]}
        if command == "remove-camera":
            camera = self.remove_camera(argument or "")
            return {"ok": True, "serial": camera["serial"], "name": camera["name"]}
        if command == "cameras":
            return {"ok": True, "cameras": self.camera_nodes()}
        if command == "health":
            return {"ok": True, "report": self.health_report()}
        if command == "logs":
            return {"ok": True, "logs": self.logs}
        raise HarnessError(f"unknown command {command!r}; commands:{COMMANDS}")


def reply(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cameras", type=int, default=1)
    parser.add_argument("--microphones", type=int, default=0)
    parser.add_argument("--no-portal", action="store_true")
    parser.add_argument("--no-pipewire", action="store_true")
    parser.add_argument("--answer", default="allow", choices=sorted(ANSWERS))
    parser.add_argument("--permission", choices=["yes", "no", "ask", "none"])
    parser.add_argument("--lockdown", action="store_true")
    options = parser.parse_args()

    # A test runner may have blocked or ignored SIGTERM/SIGINT; we clean up on them.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    signal.signal(signal.SIGINT, lambda *_: sys.exit(1))
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)

    for tool in ("dbus-daemon", "pipewire", "wireplumber", "pw-cli", "pw-dump"):
        if shutil.which(tool) is None:
            reply({"ready": False, "error": f"{tool} is not installed: run scripts/install-deps.sh"})
            return 1
    for path in ("/usr/libexec/xdg-desktop-portal", "/usr/libexec/xdg-permission-store"):
        if not os.access(path, os.X_OK):
            reply({"ready": False, "error": f"{path} is missing: run scripts/install-deps.sh"})
            return 1

    session = Session(options)
    try:
        try:
            session.start_all()
        except Exception as error:
            reply({"ready": False, "error": str(error), "logs": session.logs})
            return 1
        reply({"ready": True, "environment": session.environment(), "root": session.root,
               "logs": session.logs, "cameras": session.camera_nodes() if not options.no_pipewire else []})
        for line in sys.stdin:
            if line.strip() == "quit":
                reply({"ok": True})
                break
            try:
                reply(session.run_command(line.strip()))
            except Exception as error:
                reply({"ok": False, "error": str(error)})
    finally:
        session.stop_all()
    return 0


if __name__ == "__main__":
    sys.exit(main())
