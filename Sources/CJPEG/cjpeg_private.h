// The decoder's insides, shared by the C files of this target.
#pragma once
#include "cjpeg.h"
#include <jpeglib.h>
#include <setjmp.h>

// ─── The fence ───
// Our own fast paths (cjpeg_columns.c, cjpeg_entropy_share.c with
// cjpeg_huffman.c, cjpeg_transcode.c) read and write libjpeg's private state
// (jpegint.h) and replace its internal methods, which libjpeg-turbo may change
// in any release. They are compiled only against the headers of the release
// they were written for and tested with, and run only when the library loaded
// at run time is that release too (cjpeg_own_paths_usable, cjpeg_fence.c).
// Anywhere else the callers take libjpeg's or TurboJPEG's own way, with the
// same results.

/// That release, as LIBJPEG_TURBO_VERSION_NUMBER writes it (2.1.5, Debian 12).
/// Define it otherwise only to check the fence: `swift build -Xcc
/// -DCJPEG_INTERNALS_RELEASE=2001004` builds the fast paths out.
#ifndef CJPEG_INTERNALS_RELEASE
#define CJPEG_INTERNALS_RELEASE 2001005
#endif

/// 1 when this build has the fast paths: that release's headers, 8-bit
/// samples, and a little-endian machine (the Huffman bit reader loads 8 bytes
/// at a time and swaps them into place).
#if defined(LIBJPEG_TURBO_VERSION_NUMBER) && LIBJPEG_TURBO_VERSION_NUMBER == CJPEG_INTERNALS_RELEASE \
    && JPEG_LIB_VERSION == 62 && defined(BITS_IN_JSAMPLE) && BITS_IN_JSAMPLE == 8 \
    && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define CJPEG_OWN_PATHS 1
#else
#define CJPEG_OWN_PATHS 0
#endif

// Corrupt-data warnings beyond this many make the decode fail: each costs
// little, but a file made of nothing else is not a photo.
#define CJPEG_MAX_WARNINGS 1000

struct cjpeg_decoder {
    struct jpeg_decompress_struct info;
    struct jpeg_error_mgr error;
    struct jpeg_progress_mgr progress;
    jmp_buf jump;
    int created;
    /// jpeg_start_decompress was called (a decode to pixels, not of coefficients).
    int started;
    /// cjpeg_decoder_limit_columns limited the columns: the caller takes our own paths.
    int columns_limited;
    int max_scans;
    int warnings;
    /// The first damage warning: libjpeg's code and words, and where the
    /// input stood (iMCU row, scan) when it came.
    int first_warning_code;
    unsigned first_warning_imcu_row;
    int first_warning_scan;
    char first_warning[JMSG_LENGTH_MAX];
    char message[JMSG_LENGTH_MAX + 64];
    /// While cjpeg_decoder_transcode runs: its state, for the compressor's block-row hook.
    void *transcode;
    /// libjpeg's own 4x4 inverse DCT of each component, where cjpeg_decoder_write_flat_blocks replaced it.
    void (*transform_4x4[MAX_COMPONENTS])(void);
    /// After cjpeg_decoder_share_entropy: the two-thread entropy decoding.
    struct cjpeg_entropy_share *share;
    /// The shared entropy decoding gave up (the caller decodes without it).
    int share_gave_up;
};

typedef struct cjpeg_entropy_share cjpeg_entropy_share;

/// Stops the helper thread and frees what cjpeg_decoder_share_entropy made (NULL: nothing).
void cjpeg_entropy_share_end(cjpeg_entropy_share *share);

/// For the rows after the last one a decode of raw data needs, which
/// cjpeg_decoder_finish_input reads only for damage: where the decode's
/// columns were limited, none of theirs is inverse-transformed any more.
/// Their entropy decoding, and so every warning, is unchanged.
void cjpeg_columns_drop_all(cjpeg_decoder *decoder);

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
