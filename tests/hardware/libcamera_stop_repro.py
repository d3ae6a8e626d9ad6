#!/usr/bin/python3
"""Reproduces, without SquareCam, the crash of libcamerasrc 0.0.3 with vimc
when a streaming pipeline is stopped (tests/hardware/README.md, "vimc and
libcamera"). Run in the guest with vimc loaded, with Debian's Python:

    /usr/bin/python3 libcamera_stop_repro.py release-first|hold|eos

Pulls one frame through an appsink, then stops the pipeline: release-first
drops the sample and sets NULL; hold sets NULL, unrefs the pipeline, then
drops the sample; eos drops the sample, sends EOS and waits for it, then
sets NULL. Prints each step; exit 139 is the crash."""
import sys, gi
gi.require_version("Gst", "1.0"); gi.require_version("GstApp", "1.0")
from gi.repository import Gst, GstApp
Gst.init(None)
order = sys.argv[1]
p = Gst.parse_launch('libcamerasrc camera-name="platform/vimc.0 Sensor B" ! '
                     'video/x-raw,format=BGR,width=1920,height=1080 ! appsink name=s max-buffers=1 drop=true')
p.set_state(Gst.State.PLAYING)
sample = p.get_by_name("s").try_pull_sample(60 * Gst.SECOND)
print("got sample:", sample is not None, flush=True)
if order in ("release-first", "eos"):
    sample = None
if order == "eos":
    p.send_event(Gst.Event.new_eos())
    msg = p.get_bus().timed_pop_filtered(20 * Gst.SECOND, Gst.MessageType.EOS | Gst.MessageType.ERROR)
    print("after EOS:", msg.type if msg else "nothing within 20 s", flush=True)
p.set_state(Gst.State.NULL)
print("pipeline NULL", flush=True)
p = None
print("pipeline unreffed", flush=True)
sample = None
print("sample released: no crash", flush=True)
