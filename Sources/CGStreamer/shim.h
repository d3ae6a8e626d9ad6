// GStreamer for Swift. Function-like macros, casts and variadic calls do not
// import into Swift, so the few the capture layer needs are re-stated here as
// small static inline functions, all prefixed `squarecam_`.
#pragma once
#include <gst/gst.h>
#include <gst/app/gstappsink.h>
#include <gst/app/gstappsrc.h>
#include <gst/video/video.h>

// --- casts (GST_BIN, GST_APP_SINK, G_OBJECT are macros) ---------------------

static inline GstElement *squarecam_bin_get_by_name(GstElement *bin, const char *name) {
    return gst_bin_get_by_name(GST_BIN(bin), name);
}

static inline GstAppSink *squarecam_as_app_sink(GstElement *element) {
    return GST_APP_SINK(element);
}

static inline GstAppSrc *squarecam_as_app_src(GstElement *element) {
    return GST_APP_SRC(element);
}

static inline GstBus *squarecam_element_bus(GstElement *element) {
    return gst_element_get_bus(element);
}

// --- g_object_set is variadic: one typed setter per property kind ----------

static inline void squarecam_set_bool(gpointer object, const char *name, gboolean value) {
    g_object_set(object, name, value, NULL);
}

static inline void squarecam_set_int(gpointer object, const char *name, gint value) {
    g_object_set(object, name, value, NULL);
}

/// A string property, or NULL when the object has none of that name (or it
/// is not a string); the caller frees it with g_free.
static inline gchar *squarecam_get_string(gpointer object, const char *name) {
    GParamSpec *spec = g_object_class_find_property(G_OBJECT_GET_CLASS(object), name);
    if (spec == NULL || spec->value_type != G_TYPE_STRING) return NULL;
    gchar *value = NULL;
    g_object_get(object, name, &value, NULL);
    return value;
}

// --- messages and values ---------------------------------------------------

static inline GstMessageType squarecam_message_type(GstMessage *message) {
    return GST_MESSAGE_TYPE(message);
}

static inline const char *squarecam_message_source_name(GstMessage *message) {
    return GST_MESSAGE_SRC_NAME(message);
}

static inline GObject *squarecam_message_source(GstMessage *message) {
    return GST_MESSAGE_SRC(message);
}

static inline gboolean squarecam_value_holds_string(const GValue *value) {
    return G_VALUE_HOLDS_STRING(value);
}

static inline gboolean squarecam_value_holds_int(const GValue *value) {
    return G_VALUE_HOLDS_INT(value);
}

static inline gboolean squarecam_value_holds_uint(const GValue *value) {
    return G_VALUE_HOLDS_UINT(value);
}

static inline gboolean squarecam_value_holds_int_range(const GValue *value) {
    return GST_VALUE_HOLDS_INT_RANGE(value);
}

static inline gboolean squarecam_value_holds_list(const GValue *value) {
    return GST_VALUE_HOLDS_LIST(value);
}

static inline gboolean squarecam_value_holds_fraction(const GValue *value) {
    return GST_VALUE_HOLDS_FRACTION(value);
}

static inline gboolean squarecam_value_holds_fraction_range(const GValue *value) {
    return GST_VALUE_HOLDS_FRACTION_RANGE(value);
}

// --- video frames (GST_VIDEO_FRAME_* are macros) ---------------------------

static inline guint8 *squarecam_video_frame_plane(GstVideoFrame *frame, guint plane) {
    return (guint8 *)GST_VIDEO_FRAME_PLANE_DATA(frame, plane);
}

static inline gint squarecam_video_frame_stride(GstVideoFrame *frame, guint plane) {
    return GST_VIDEO_FRAME_PLANE_STRIDE(frame, plane);
}

static inline gint squarecam_video_frame_width(GstVideoFrame *frame) {
    return GST_VIDEO_FRAME_WIDTH(frame);
}

static inline gint squarecam_video_frame_height(GstVideoFrame *frame) {
    return GST_VIDEO_FRAME_HEIGHT(frame);
}

static inline GstVideoFormat squarecam_video_info_format(const GstVideoInfo *info) {
    return GST_VIDEO_INFO_FORMAT(info);
}

// --- pad probes ------------------------------------------------------------

/// The type of the event a probe sees (GST_PAD_PROBE_INFO_EVENT and
/// GST_EVENT_TYPE are macros); GST_EVENT_UNKNOWN for a buffer.
static inline GstEventType squarecam_probe_event_type(GstPadProbeInfo *info) {
    GstEvent *event = GST_PAD_PROBE_INFO_EVENT(info);
    return (info->type & GST_PAD_PROBE_TYPE_EVENT_BOTH) && event ? GST_EVENT_TYPE(event) : GST_EVENT_UNKNOWN;
}

/// The presentation time of the buffer a probe sees; GST_CLOCK_TIME_NONE
/// when it sees none or the buffer has no time.
static inline GstClockTime squarecam_probe_buffer_time(GstPadProbeInfo *info) {
    GstBuffer *buffer = (info->type & GST_PAD_PROBE_TYPE_BUFFER) ? GST_PAD_PROBE_INFO_BUFFER(info) : NULL;
    return buffer ? GST_BUFFER_PTS(buffer) : GST_CLOCK_TIME_NONE;
}

/// Makes the buffer a probe sees writable (a copy when others hold it; the
/// probe then passes the copy on) and maps it for writing. Returns its bytes,
/// or NULL when the probe sees no buffer or it cannot be mapped; unmap with
/// squarecam_probe_unmap.
static inline guint8 *squarecam_probe_map_writable(GstPadProbeInfo *info, GstMapInfo *map) {
    GstBuffer *buffer = (info->type & GST_PAD_PROBE_TYPE_BUFFER) ? GST_PAD_PROBE_INFO_BUFFER(info) : NULL;
    if (!buffer) return NULL;
    buffer = gst_buffer_make_writable(buffer);
    GST_PAD_PROBE_INFO_DATA(info) = buffer;
    return gst_buffer_map(buffer, map, GST_MAP_WRITE) ? map->data : NULL;
}

static inline void squarecam_probe_unmap(GstPadProbeInfo *info, GstMapInfo *map) {
    gst_buffer_unmap(GST_PAD_PROBE_INFO_BUFFER(info), map);
}

// --- clock ------------------------------------------------------------------

/// Makes a pipeline keep time by the system's monotonic clock (see
/// GStreamerPipeline.init for why); nothing for a single element.
static inline void squarecam_pipeline_use_system_clock(GstElement *element) {
    if (!GST_IS_PIPELINE(element)) return;
    GstClock *clock = gst_system_clock_obtain();
    gst_pipeline_use_clock(GST_PIPELINE(element), clock);
    gst_object_unref(clock);
}

// --- bins that join a running pipeline (LiveBranch) -------------------------

static inline gboolean squarecam_bin_add(GstElement *bin, GstElement *element) {
    return gst_bin_add(GST_BIN(bin), element);
}

static inline gboolean squarecam_bin_remove(GstElement *bin, GstElement *element) {
    return gst_bin_remove(GST_BIN(bin), element);
}
