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

