#!/usr/bin/python3
"""Measures A/V sync on the content of a recording of SquareCam's sync signal
(`squarecam record --camera test:sync --microphone test:sync`): the picture
flashes white at every whole second and the sound beeps then. The file is
decoded as a player decodes it (matroskademux, vp8dec, opusdec); each flash is
the first bright frame after dark ones, each beep the first loud sample after
quiet, both at the time the file gives them. Prints one JSON object:

  {"flashes": [s, ...], "beeps": [s, ...], "offsets_ms": [...], "max_abs_ms": ms}

offsets_ms: for each flash, the nearest beep's time minus the flash's
(positive: the sound comes late). The flash falls on the frame nearest the
second, so up to half a frame of offset is the picture's sampling, not drift.

  measure.py FILE.webm
"""
import json
import sys

import gi

gi.require_version("Gst", "1.0")
gi.require_version("GstApp", "1.0")
from gi.repository import GLib, Gst  # noqa: E402

from marks import BRIGHT, LOUD, Onsets  # noqa: E402

Gst.init(None)

RATE = 48000


def main():
    path = sys.argv[1]
    pipeline = Gst.parse_launch(
        f'filesrc location="{path}" ! matroskademux name=demux '
        "demux.video_0 ! queue ! vp8dec ! videoconvert ! videoscale "
        "! video/x-raw,format=GRAY8,width=16,height=16 ! appsink name=picture sync=false emit-signals=true "
        "demux.audio_0 ! queue ! opusdec ! audioconvert ! audioresample "
        f"! audio/x-raw,format=S16LE,channels=1,rate={RATE} ! appsink name=sound sync=false emit-signals=true"
    )
    flash_onsets, beep_onsets = Onsets(), Onsets()

    def on_picture(sink):
        sample = sink.emit("pull-sample")
        buffer = sample.get_buffer()
        ok, info = buffer.map(Gst.MapFlags.READ)
        mean = sum(info.data) / len(info.data)
        buffer.unmap(info)
        if mean > BRIGHT:
            flash_onsets.note(buffer.pts / Gst.SECOND)
        return Gst.FlowReturn.OK

    def on_sound(sink):
        sample = sink.emit("pull-sample")
        buffer = sample.get_buffer()
        ok, info = buffer.map(Gst.MapFlags.READ)
        data = memoryview(info.data).cast("h")
        start = buffer.pts / Gst.SECOND
        for index, value in enumerate(data):
            if value > LOUD or value < -LOUD:
                beep_onsets.note(start + index / RATE)
        buffer.unmap(info)
        return Gst.FlowReturn.OK

    pipeline.get_by_name("picture").connect("new-sample", on_picture)
    pipeline.get_by_name("sound").connect("new-sample", on_sound)
    loop = GLib.MainLoop()
    failure = []

    def on_message(_bus, message):
        if message.type == Gst.MessageType.EOS:
            loop.quit()
        elif message.type == Gst.MessageType.ERROR:
            failure.append(message.parse_error()[0].message)
            loop.quit()

    bus = pipeline.get_bus()
    bus.add_signal_watch()
    bus.connect("message", on_message)
    pipeline.set_state(Gst.State.PLAYING)
    loop.run()
    pipeline.set_state(Gst.State.NULL)
    if failure:
        sys.exit(f"measure.py: {path} could not be decoded: {failure[0]}")
    flashes, beeps = flash_onsets.times, beep_onsets.times
    offsets = []
    for flash in flashes:
        if beeps:
            nearest = min(beeps, key=lambda beep: abs(beep - flash))
            offsets.append(round((nearest - flash) * 1000, 1))
    print(json.dumps({
        "flashes": [round(t, 4) for t in flashes],
        "beeps": [round(t, 4) for t in beeps],
        "offsets_ms": offsets,
        "max_abs_ms": max((abs(o) for o in offsets), default=None),
    }))


main()
