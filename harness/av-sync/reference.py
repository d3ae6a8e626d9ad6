#!/usr/bin/python3
"""When PipeWire delivers the clapper's flashes or beeps (clapper.py): the
reference a recording's sync is judged against.

  reference.py NODE camera|microphone BASE_TIME SECONDS

Takes the node's stream for SECONDS, as plainly as GStreamer can (pipewiresrc,
each buffer stamped when it arrives, by the system's monotonic clock with the
clapper's BASE_TIME), and prints {"onsets": [s, ...]}: the running time at
which each flash or beep began to arrive. The clapper marks whole seconds, so
an onset's distance from its second is how late that path delivers. Run one
process per node: two streams of one process share PipeWire's scheduling.
"""
import array
import json
import sys

import gi

gi.require_version("Gst", "1.0")
from gi.repository import GLib, Gst  # noqa: E402

Gst.init(None)

from marks import BRIGHT, LOUD, Onsets  # noqa: E402


def main():
    node, kind, base_time, seconds = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
    convert = ("audioconvert ! audioresample ! audio/x-raw,format=S16LE,channels=1,rate=48000" if kind == "microphone"
               else "videoconvert ! video/x-raw,format=GRAY8")
    pipeline = Gst.parse_launch(f"pipewiresrc target-object={node} do-timestamp=true always-copy=true"
                                f" ! {convert} ! fakesink name=sink sync=false")
    pipeline.use_clock(Gst.SystemClock.obtain())
    pipeline.set_start_time(Gst.CLOCK_TIME_NONE)
    pipeline.set_base_time(base_time)
    onsets = Onsets()

    def marked(data):
        if kind == "microphone":
            samples = array.array("h", data)
            return len(samples) > 0 and max(abs(sample) for sample in samples) > LOUD
        return len(data) > 0 and data[len(data) // 2] > BRIGHT

    def on_buffer(_pad, info):
        buffer = info.get_buffer()
        ok, mapping = buffer.map(Gst.MapFlags.READ)
        if ok:
            is_marked = marked(mapping.data)
            buffer.unmap(mapping)
            if is_marked:
                onsets.note(buffer.pts / Gst.SECOND)
        return Gst.PadProbeReturn.OK

    pipeline.get_by_name("sink").get_static_pad("sink").add_probe(Gst.PadProbeType.BUFFER, on_buffer)
    loop = GLib.MainLoop()
    pipeline.set_state(Gst.State.PLAYING)
    GLib.timeout_add(int(seconds * 1000), loop.quit)
    loop.run()
    pipeline.set_state(Gst.State.NULL)
    print(json.dumps({"onsets": [round(time, 4) for time in onsets.times]}))


if __name__ == "__main__":
    main()
