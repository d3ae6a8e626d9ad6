// GStreamer for Swift. Function-like macros do not import into Swift, so the
// few the capture layer needs are re-stated here as static inline functions.
#pragma once
#include <gst/gst.h>
#include <gst/app/gstappsink.h>
#include <gst/video/video.h>
