#!/usr/bin/python3
"""App launch → first live frame on screen, median of N launches each:

  test camera   squarecam --camera test (the built-in test pattern)
  portal        squarecam in a private desktop session (harness/portal/session.py:
                real session bus, PipeWire with a camera node, WirePlumber,
                xdg-desktop-portal; the answer "yes" stored), asking the portal,
                listing and streaming the PipeWire camera
  peer          gst-launch-1.0 videotestsrc ! ximagesink: a bare window's first frame

The app's time ends at its debug-log line "viewfinder showing frames" (written
after the frame was painted); the peer's at ximagesink's first XShmPutImage.
Both are read from stderr as they happen; the clock starts at spawn. Run under
an X server (benchmarks/launch.sh starts Xvfb). Stops with an error when the
peer (gstreamer1.0-x) or the portal session cannot run: a ratio against
nothing is never printed.
"""
import json
import os
import select
import signal
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def time_to_line(command, marker, env, timeout=30.0):
    """Milliseconds from spawning `command` to a stderr line containing `marker`."""
    start = time.monotonic()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               stdin=subprocess.DEVNULL)
    seen = b""
    try:
        deadline = start + timeout
        buffer = b""
        while time.monotonic() < deadline:
            ready, _, _ = select.select([process.stderr], [], [], 0.05)
            if not ready:
                if process.poll() is not None:
                    break
                continue
            chunk = os.read(process.stderr.fileno(), 65536)
            if not chunk:
                break
            buffer += chunk
            seen += chunk
            if marker.encode() in buffer:
                return (time.monotonic() - start) * 1000
            buffer = buffer[-4096:]
        raise SystemExit(f"launch.py: '{marker}' never came from {command[0]}; it said:\n{seen.decode(errors='replace')[-3000:]}")
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def launched(command, marker, env, times):
    """`times` launches, one after the other."""
    return [time_to_line(command, marker, env) for _ in range(times)]


def launched_through_portal(command, marker, home, times):
    """`times` launches, each in a session of its own (started before the
    clock runs). One session for all of them does not work: after 10 to 16
    app launches ended by SIGTERM, PipeWire 0.3.65's test camera (SPA
    videotestsrc) logs "out of buffers" and sends nothing more (gst-launch
    and `squarecam shoot` did not trigger it in 30 runs; not understood yet)."""
    results = []
    for _ in range(times):
        session, session_env = start_portal_session()
        try:
            results.append(time_to_line(command, marker, app_env(home, session_env)))
        finally:
            session.stdin.close()
            session.wait(timeout=30)
    return results


def app_env(home, extra=None):
    env = dict(os.environ)
    env.update({"HOME": home, "XDG_CONFIG_HOME": home + "/.config", "XDG_PICTURES_DIR": home + "/Pictures",
                "SQUARECAM_TRACE": "1", "GTK_A11Y": "none", "NO_AT_BRIDGE": "1"})
    env.pop("WAYLAND_DISPLAY", None)
    if extra:
        env.update(extra)
    return env


def start_portal_session():
    session = subprocess.Popen(["/usr/bin/python3", os.path.join(ROOT, "harness/portal/session.py"),
                                "--cameras", "1", "--answer", "allow", "--permission", "yes"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    ready = json.loads(session.stdout.readline() or "{}")
    if not ready.get("ready"):
        raise SystemExit(f"launch.py: the portal session did not start: {ready.get('error', 'no reason given')}")
    return session, ready["environment"]


def main():
    binary = sys.argv[1]
    launches = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    if subprocess.run(["gst-inspect-1.0", "ximagesink"], capture_output=True).returncode != 0:
        raise SystemExit("launch.py: the peer needs GStreamer's ximagesink (gstreamer1.0-x): "
                         "run scripts/install-deps.sh --with-benchmarks")
    home = tempfile.mkdtemp(prefix="squarecam-launch-")
    marker = "viewfinder showing frames"
    results = {}
    peer_env = dict(os.environ, GST_DEBUG="ximagesink:6", GST_DEBUG_NO_COLOR="1")
    peer = ["gst-launch-1.0", "videotestsrc", "is-live=true", "pattern=smpte", "!",
            "video/x-raw,width=1920,height=1080,framerate=30/1", "!", "videoconvert", "!", "ximagesink"]
    results["peer: gst-launch videotestsrc ! ximagesink"] = launched(peer, "XShmPutImage", peer_env, launches)
    results["squarecam --camera test"] = launched([binary, "--camera", "test"], marker, app_env(home), launches)
    results["squarecam through the camera portal"] = launched_through_portal([binary], marker, home, launches)
    peer_median = statistics.median(results["peer: gst-launch videotestsrc ! ximagesink"])
    test_median = statistics.median(results["squarecam --camera test"])
    print(f"launch → first frame on screen, median of {launches} launches, load {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print(f"{'':45} {'median ms':>10} {'min':>8} {'max':>8} {'× peer':>8}")
    for name, values in results.items():
        median = statistics.median(values)
        print(f"{name:45} {median:10.1f} {min(values):8.1f} {max(values):8.1f} {median / peer_median:7.2f}×")
    portal_median = statistics.median(results["squarecam through the camera portal"])
    print(f"portal path against the direct test camera: {portal_median / test_median:.2f}×")
    print(f"targets (issue 19): test camera ≤ 150 ms: {'met' if test_median <= 150 else 'NOT met'}; "
          f"portal ≤ 250 ms: {'met' if portal_median <= 250 else 'NOT met'}")


if __name__ == "__main__":
    main()
