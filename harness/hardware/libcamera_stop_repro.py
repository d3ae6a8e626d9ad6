#!/usr/bin/python3
"""Stops a streaming libcamerasrc 0.0.3 pipeline (vimc) in one of four ways,
without SquareCam (harness/hardware/README.md, "vimc and libcamera"). Run in
the guest with vimc loaded, with Debian's Python:

    /usr/bin/python3 libcamera_stop_repro.py release-first|hold|eos|sink-eos

Each pulls one frame through an appsink, then stops the pipeline:
  release-first  drop the sample, set NULL, unref the pipeline
  hold           set NULL, unref the pipeline, then drop the sample
  eos            drop the sample, send an EOS event, wait for it, set NULL
  sink-eos       drop the sample, have the appsink answer GST_FLOW_EOS to the
                 next frame, wait for the EOS message, set NULL
Prints each step; exit 139 (or 134) is libcamera's crash. Found here over
four guests: release-first 3 crashes in 3, hold 2 in 2, eos 3 in 4,
sink-eos 3 in 7 (4 clean runs in one guest with an earlier copy of this
script, then 3 crashes in another).
"""
import sys
import threading

import gi

gi.require_version("Gst", "1.0")
gi.require_version("GstApp", "1.0")
from gi.repository import Gst  # noqa: E402

Gst.init(None)
way = sys.argv[1]
pipeline = Gst.parse_launch(
    'libcamerasrc camera-name="platform/vimc.0 Sensor B" ! '
    'video/x-raw,format=BGR,width=1920,height=1080 ! '
    'appsink name=sink max-buffers=1 drop=true emit-signals=true')
first = threading.Event()
stopping = threading.Event()
kept = []


def on_sample(sink):
    sample = sink.emit("pull-sample")
    if stopping.is_set():
        return Gst.FlowReturn.EOS
    if not kept:
        kept.append(sample)
        first.set()
    return Gst.FlowReturn.OK


pipeline.get_by_name("sink").connect("new-sample", on_sample)
pipeline.set_state(Gst.State.PLAYING)
print("first frame:", first.wait(60), flush=True)
sample = kept.pop() if kept else None
if way != "hold":
    sample = None


def wait_for_eos():
    message = pipeline.get_bus().timed_pop_filtered(
        20 * Gst.SECOND, Gst.MessageType.EOS | Gst.MessageType.ERROR)
    print("then:", message.type if message else "nothing within 20 s", flush=True)


if way == "eos":
    pipeline.send_event(Gst.Event.new_eos())
    wait_for_eos()
elif way == "sink-eos":
    stopping.set()
    wait_for_eos()
pipeline.set_state(Gst.State.NULL)
print("pipeline NULL", flush=True)
pipeline = None
print("pipeline unreffed", flush=True)
sample = None
print("sample released: no crash", flush=True)
