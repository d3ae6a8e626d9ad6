#!/usr/bin/python3
"""A clapperboard inside PipeWire: a camera node and a microphone node that
flash white and beep 1 kHz together at every whole second. Recording them
through PipeWire measures A/V sync on the way a real camera and microphone
take: pipewiresrc, the graph, the portal.

  clapper.py NAME_PREFIX [SECONDS]

Gives the nodes NAME_PREFIX-camera (Video/Source, role Camera) and
NAME_PREFIX-microphone (Audio/Source). Prints "ready" on stdout once both
play, then runs until SECONDS (default 1200) or until killed. Run it with the
environment of the PipeWire to join (PIPEWIRE_RUNTIME_DIR, ...).

How, and what PipeWire 0.3.65 taught:
- The picture and the sound are two processes, each started paused and
  then played from a base time the clapper hands them.
- Both use the system's monotonic clock with the same base time, so their
  running times, and so the whole seconds, are the same instants. (Left to
  choose, a pipeline takes a pipewiresink's stream clock, which stood still.)
- The flash and the beep are stepped values of controlled properties
  (videobalance's brightness, audiotestsrc's volume), read at each buffer's
  own timestamp: no timing of its own.
- The microphone is a virtual source (SPA's null-audio-sink, a driver of
  its own) that the sound is linked into. Without a driver of its own the
  sound's graph was run by the camera node at 30 cycles a second, 256 samples
  each: a sixth of its rate. (pipewiresink providing an Audio/Source itself
  gave a consumer one quantum; pw-loopback has no driver.)
- The sinks are not asynchronous: a providing sink with no consumer yet
  would hold the pipeline in PAUSED, and the sound would not play.
"""
import ctypes
import os
import signal
import subprocess
import sys
import time

import gi

gi.require_version("Gst", "1.0")
gi.require_version("GstController", "1.0")
from gi.repository import GLib, Gst, GstController  # noqa: E402

Gst.init(None)

# 9 frames at 30 fps: a recording made under the whole test suite's load on
# two cores keeps a third of its frames or fewer, and with 0.1 s (3 frames)
# whole flashes went missing (2 of 6 found once, none once). A mark's onset
# is all that is measured; its length only has to stay under the 0.7 s
# before the next one.
FLASH_SECONDS = 0.3
WIDTH, HEIGHT, RATE = 640, 480, 30
SAMPLES_PER_BUFFER = 480
PR_SET_PDEATHSIG = 1


def stepped(element, prop, on, off, seconds):
    """`prop` is `on` for FLASH_SECONDS after every whole second, else `off`."""
    source = GstController.InterpolationControlSource()
    source.set_property("mode", GstController.InterpolationMode.NONE)
    for second in range(seconds + 1):
        source.set(second * Gst.SECOND, on)
        source.set(second * Gst.SECOND + int(FLASH_SECONDS * Gst.SECOND), off)
    element.add_control_binding(GstController.DirectControlBinding.new_absolute(element, prop, source))


def wait_for_node(name, seconds=10):
    """Polls pw-cli until the node `name` exists: a stream is linked when it
    starts, so its target must be there first."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        listing = subprocess.run(["pw-cli", "ls", "Node"], capture_output=True, text=True).stdout
        if f'node.name = "{name}"' in listing:
            return
        time.sleep(0.05)
    raise SystemExit(f"clapper: the node {name} did not appear")


def part_pipeline(part, prefix, seconds):
    """The camera's or the microphone's pipeline: a source, the controlled
    element that marks each second, and a pipewiresink named "sink"."""
    if part == "--camera":
        launch = (f"videotestsrc is-live=true pattern=white ! video/x-raw,format=I420,width={WIDTH},height={HEIGHT},"
                  f"framerate={RATE}/1 ! videobalance name=mark brightness=-1 ! pipewiresink name=sink mode=provide async=false")
        properties = f'props,media.class=Video/Source,media.role=Camera,node.name={prefix}-camera,node.description="Clapper camera"'
        marked = ("brightness", 0.0, -1.0)
    else:
        launch = (f"audiotestsrc name=mark is-live=true wave=sine freq=1000 volume=0 samplesperbuffer={SAMPLES_PER_BUFFER}"
                  " ! audio/x-raw,format=S16LE,rate=48000,channels=2 ! pipewiresink name=sink async=false")
        # One buffer per graph cycle: the graph's quantum must be the buffer's.
        # Linked by the clapper itself, not by WirePlumber (see main).
        properties = f"props,node.latency=(string){SAMPLES_PER_BUFFER}/48000,node.autoconnect=false,node.name={prefix}-beeps"
        marked = ("volume", 0.5, 0.0)
    pipeline = Gst.parse_launch(launch)
    pipeline.get_by_name("sink").set_property("stream-properties", Gst.Structure.new_from_string(properties))
    stepped(pipeline.get_by_name("mark"), *marked, seconds)
    return pipeline


def play(pipeline, seconds):
    """Readies the pipeline, says "paused", then plays it from the base time
    read on stdin, with the shared clock, until `seconds` have passed."""
    pipeline.use_clock(Gst.SystemClock.obtain())
    pipeline.set_start_time(Gst.CLOCK_TIME_NONE)
    loop = GLib.MainLoop()

    def on_message(_bus, message):
        if message.type == Gst.MessageType.ERROR:
            error, detail = message.parse_error()
            print(f"clapper: {error.message} ({detail})", file=sys.stderr, flush=True)
            loop.quit()
        return True

    bus = pipeline.get_bus()
    bus.add_signal_watch()
    bus.connect("message", on_message)
    pipeline.set_state(Gst.State.PAUSED)
    print("paused", flush=True)
    pipeline.set_base_time(int(sys.stdin.readline()))
    pipeline.set_state(Gst.State.PLAYING)
    GLib.timeout_add_seconds(seconds, loop.quit)
    try:
        loop.run()
    finally:
        pipeline.set_state(Gst.State.NULL)


def main():
    # A SIGTERM ends the clapper through its `finally`, which ends the parts;
    # a part dies with the clapper however it ends.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    if sys.argv[1] in ("--camera", "--microphone"):
        ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
        part, prefix, seconds = sys.argv[1], sys.argv[2], int(sys.argv[3])
        play(part_pipeline(part, prefix, seconds), seconds)
        return
    prefix = sys.argv[1]
    seconds = int(sys.argv[2]) if len(sys.argv) > 2 else 1200
    microphone = f"{prefix}-microphone"
    pw_cli("create-node", "adapter",
           f"{{ factory.name = support.null-audio-sink node.name = {microphone} "
           "node.description = \"Clapper microphone\" media.class = Audio/Source/Virtual "
           "audio.position = [ FL FR ] node.driver = true priority.driver = 2000 node.pause-on-idle = false "
           "session.suspend-timeout-seconds = 0 object.linger = true }")
    parts = []
    try:
        wait_for_node(microphone)
        me = os.path.abspath(__file__)
        parts = [subprocess.Popen([sys.executable, me, part, prefix, str(seconds)],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
                 for part in ("--camera", "--microphone")]
        for part in parts:
            if part.stdout.readline().strip() != "paused":
                raise SystemExit("clapper: a part did not start")
        # Both parts are built and paused, so they play at once and their
        # nodes appear and are linked well before their running time starts:
        # sound made before its link, or by a live source that starts late
        # (it makes up the missed time in a burst), sits queued in PipeWire as
        # latency (0.56 and 0.87 s, seen).
        clock = Gst.SystemClock.obtain()
        base_time = clock.get_time() + 2 * Gst.SECOND
        for part in parts:
            part.stdin.write(f"{base_time}\n")
            part.stdin.flush()
        # The parts' nodes appear once their streams know their format.
        wait_for_node(f"{prefix}-beeps")
        for channel in ("FL", "FR"):
            subprocess.run(["pw-link", f"{prefix}-beeps:output_{channel}", f"{microphone}:input_{channel}"], check=True)
        wait_for_node(f"{prefix}-camera")
        if clock.get_time() > base_time:
            raise SystemExit("clapper: the machine is too busy: the microphone was linked after its sound began")
        time.sleep((base_time - clock.get_time()) / Gst.SECOND)
        print(f"ready {base_time}", flush=True)
        parts[0].wait()
    finally:
        for process in parts:
            process.terminate()
        pw_cli("destroy", microphone)


def pw_cli(*arguments):
    subprocess.run(["pw-cli", *arguments], capture_output=True, check=False)


if __name__ == "__main__":
    main()
