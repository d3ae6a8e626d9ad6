// The decoder's insides, shared by the C files of this target.
#pragma once
#include "cjpeg.h"
#include <jpeglib.h>
#include <setjmp.h>

// Corrupt-data warnings beyond this many make the decode fail: each costs
// little, but a file made of nothing else is not a photo.
#define CJPEG_MAX_WARNINGS 1000

struct cjpeg_decoder {
    struct jpeg_decompress_struct info;
    struct jpeg_error_mgr error;
    struct jpeg_progress_mgr progress;
    jmp_buf jump;
    int created;
    int max_scans;
    int warnings;
    char message[JMSG_LENGTH_MAX + 64];
    /// While cjpeg_decoder_transcode runs: its state, for the compressor's block-row hook.
    void *transcode;
    /// After cjpeg_decoder_share_entropy: the two-thread entropy decoding.
    struct cjpeg_entropy_share *share;
    /// The shared entropy decoding gave up (the caller decodes without it).
    int share_gave_up;
};

typedef struct cjpeg_entropy_share cjpeg_entropy_share;

/// Stops the helper thread and frees what cjpeg_decoder_share_entropy made (NULL: nothing).
void cjpeg_entropy_share_end(cjpeg_entropy_share *share);

/// Sets `error` up to report into the cjpeg_decoder that is the libjpeg
/// object's client_data: message, warning count, longjmp to its `jump`.
struct jpeg_error_mgr *cjpeg_error_handlers(struct jpeg_error_mgr *error);


/// A compressor's output: a malloc'd buffer that doubles as needed, owned
/// here so that it is freed exactly once whatever happens (libjpeg's
/// jpeg_mem_dest only reports its latest buffer at the end, so after an
/// error it can be neither freed nor found). Growing longjmps to the
/// writer's jump when memory runs out.
typedef struct {
    struct jpeg_destination_mgr manager;
    JOCTET *buffer;
    size_t size;
    cjpeg_decoder *writer;
} cjpeg_growing_output;

/// Starts an output of `first_size` bytes for `writer`'s errors; returns 0,
/// or -1 with writer->message set. Set a compressor's dest to &output->manager.
int cjpeg_growing_output_init(cjpeg_growing_output *output, cjpeg_decoder *writer, size_t first_size);

/// Hands the written bytes (free() them) to the caller; the output no longer owns them.
void cjpeg_growing_output_take(cjpeg_growing_output *output, unsigned char **jpeg, unsigned long *jpeg_size);
