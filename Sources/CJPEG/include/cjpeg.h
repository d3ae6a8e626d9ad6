// libjpeg-turbo for Swift. The TurboJPEG API catches libjpeg's longjmp errors
// itself; any libjpeg (jpeglib.h) call that can fail must be made from a C
// function in this target that owns the setjmp and returns an error code,
// because a longjmp across Swift frames is undefined behaviour.
#pragma once
#include <stddef.h>
#include <stdio.h>
#include <turbojpeg.h>

/// Whether our own fast paths may run in this process: the shared entropy
/// decoding, cjpeg_decoder_limit_columns and cjpeg_decoder_transcode read and
/// write libjpeg's private state, so they run only when this build was made
/// against the libjpeg-turbo release they were written for, on a little-endian
/// machine, and the library loaded at run time says it is that release
/// (checked once; see cjpeg_private.h). Otherwise those functions refuse, and
/// callers take libjpeg's or TurboJPEG's own way. `*why` (when not NULL) gets
/// the reason they may not run, or "" when they may.
int cjpeg_own_paths_usable(const char **why);

/// The libjpeg-turbo release named by the first "libjpeg-turbo version X.Y.Z"
/// in `bytes`, as X * 1000000 + Y * 1000 + Z; 0 when there is none. How the
/// loaded library's release is read from its data.
long cjpeg_release_named_in(const unsigned char *bytes, size_t size);

/// A libjpeg decompressor for one in-memory JPEG. The JPEG bytes must stay
/// valid and unmoved from cjpeg_decoder_read_header until destroy.
typedef struct cjpeg_decoder cjpeg_decoder;

/// What the header says, before any pixel is decoded.
typedef struct {
    unsigned width;
    unsigned height;
    int num_components;
    /// The file's colour space as libjpeg names it (J_COLOR_SPACE: 1 gray, 3 YCbCr, 4 CMYK, 5 YCCK, 2 RGB).
    int color_space;
    int progressive;
    int arithmetic;
    /// Largest sampling factors: the iMCU is 8*h by 8*v pixels at full scale.
    int max_h_samp;
    int max_v_samp;
    /// Whether an Adobe APP14 marker was seen (CMYK from Adobe apps is stored inverted).
    int saw_adobe;
    /// Whether cjpeg_decoder_start_planes takes this file: plain gray, or YCbCr
    /// with full-resolution luma and chroma sampled 1x1 (else it returns -2).
    int plain_planes;
    /// MCUs between restart markers (0: none).
    unsigned restart_interval;
    /// The first scan holds every component and the file is sequential:
    /// the whole picture is in that one scan.
    int single_scan;
    /// Bytes of the file from the first scan's coded data to its end.
    size_t bytes_after_header;
} cjpeg_header;

/// Output colour of cjpeg_decoder_start.
enum {
    CJPEG_OUT_RGB = 0,
    CJPEG_OUT_GRAY = 1,
    CJPEG_OUT_CMYK = 2,
};

/// A new decoder; NULL when out of memory.
cjpeg_decoder *cjpeg_decoder_create(void);
void cjpeg_decoder_destroy(cjpeg_decoder *decoder);
/// The last error, in libjpeg's words (empty when none).
const char *cjpeg_decoder_message(const cjpeg_decoder *decoder);
/// How many corrupt-data warnings libjpeg gave so far.
int cjpeg_decoder_warnings(const cjpeg_decoder *decoder);

/// The sample precision in bits (12, 16) when the last error was that this
/// 8-bit libjpeg does not decode it; 0 otherwise.
int cjpeg_decoder_refused_precision(const cjpeg_decoder *decoder);

/// Damage libjpeg decoded past (its warnings), as far as it can tell where.
typedef struct {
    /// Warnings so far (0: no damage seen).
    int warnings;
    /// The first one, in libjpeg's words.
    const char *text;
    /// The first one was the data running out ("Premature end of JPEG file").
    int cut_short;
    int progressive;
    /// Where the input stood then: the scan (1 = first), and the iMCU row of
    /// that scan (of imcu_rows), which in a one-scan file is the picture's row.
    int scan;
    unsigned imcu_row;
    unsigned imcu_rows;
} cjpeg_damage;

void cjpeg_decoder_damage(const cjpeg_decoder *decoder, cjpeg_damage *damage);

/// After a decode has taken the rows it needs (or none, once the header is
/// read and the decode started): reads the rest of the coded data, with as
/// little work as libjpeg allows (rows skipped without inverse DCT; raw data
/// too after cjpeg_decoder_limit_columns, else decoded in every column), up
/// to the end-of-image marker, so that every damage warning is counted. With
/// only the header read, every coefficient is read. Returns 0, or -1 with the
/// message set.
int cjpeg_decoder_finish_input(cjpeg_decoder *decoder);

/// Reads the header only. `max_memory` bounds what libjpeg may allocate
/// (0: no bound); `max_scans` bounds the scans of a progressive file, which
/// keeps a crafted file with endless tiny scans from hanging the caller.
/// Returns 0, or -1 with the message set.
int cjpeg_decoder_read_header(cjpeg_decoder *decoder, const unsigned char *data, size_t size,
                              long max_memory, int max_scans, cjpeg_header *header);

/// Starts decoding at scale `scale_num`/8 (1…16) in colour `out_color`
/// (`smooth_chroma`: libjpeg's fancy chroma upsampling; off gives each pixel
/// its own block's chroma, which a lossless crop keeps bit for bit;
/// `float_idct`: the floating-point inverse DCT, whose result does not
/// depend on a block's orientation, unlike the integer one's rounding), only
/// the columns [*crop_x, *crop_x + *crop_width) of the scaled image. libjpeg
/// widens the columns to iMCU boundaries: on return they hold the columns
/// actually decoded, `*out_height` the scaled height and `*components` the
/// bytes per pixel. Returns 0, or -1 with the message set.
int cjpeg_decoder_start(cjpeg_decoder *decoder, int scale_num, int out_color, int smooth_chroma, int float_idct,
                        unsigned *crop_x, unsigned *crop_width, unsigned *out_height, int *components);

/// Skips `rows` scaled rows without inverse DCT (before the first read).
/// Returns 0, or -1 with the message set.
int cjpeg_decoder_skip(cjpeg_decoder *decoder, unsigned rows);

/// Decodes the next `rows` rows into `out` (`stride` bytes apart). Call
/// again for the rows after; stopping early is fine (destroy ends it).
/// Returns 0, or -1 with the message set.
int cjpeg_decoder_read(cjpeg_decoder *decoder, unsigned rows, unsigned char *out, size_t stride);

/// The stored planes of a decode started with cjpeg_decoder_start_planes, at
/// the chosen scale: Y (or gray) first, then Cb and Cr, each covering the
/// whole image at its own resolution.
typedef struct {
    /// 1 (gray) or 3 (Y, Cb, Cr).
    int count;
    /// Each plane's size in samples.
    unsigned width[3];
    unsigned height[3];
    /// The row length cjpeg_decoder_read_planes writes (whole blocks, >= width).
    unsigned padded_width[3];
    /// The rows of each plane one read gives (one iMCU row; the last may hold fewer real rows).
    unsigned rows_per_read[3];
    /// Plane c has sample_ratio[c] / image_ratio samples per image pixel, across and down.
    unsigned sample_ratio_x[3];
    unsigned sample_ratio_y[3];
    unsigned image_ratio_x;
    unsigned image_ratio_y;
    /// The plane column each decoded row starts at (after cjpeg_decoder_limit_columns; else 0).
    unsigned first_column[3];
} cjpeg_planes;

/// Starts decoding the stored planes themselves at scale `scale_num`/8,
/// without chroma upsampling or colour conversion. Returns 0; -2 when the
/// file's layout is not plain gray or YCbCr with full-resolution luma and
/// chroma at 1x1 sampling (decode it as RGB instead; the decoder is then
/// unusable); or -1 with the message set.
int cjpeg_decoder_start_planes(cjpeg_decoder *decoder, int scale_num, cjpeg_planes *planes);

/// Decodes the next iMCU row of every plane into `out[c]` (rows `stride[c]`
/// bytes apart, at least padded_width[c] long, rows_per_read[c] of them).
/// Returns 0, or -1 with the message set (also when there are no rows left).
int cjpeg_decoder_read_planes(cjpeg_decoder *decoder, unsigned char *const out[3], const size_t stride[3]);

/// After cjpeg_decoder_start_planes, before the first read: turn only the
/// blocks under image columns [first_pixel, last_pixel] (at the decode
/// scale) into samples, widened to whole iMCUs. Each row then starts at
/// plane c's column planes->first_column[c]. Returns 0; -2 when our own paths
/// may not run (cjpeg_own_paths_usable), or when limiting would change the
/// samples (a progressive file libjpeg smooths, its neighbouring blocks
/// blended): nothing changed, decode every column; or -1 with the message set.
int cjpeg_decoder_limit_columns(cjpeg_decoder *decoder, unsigned first_pixel, unsigned last_pixel, cjpeg_planes *planes);

/// After cjpeg_decoder_start_planes, before the first read: at the 4/8 scale,
/// blocks that carry a DC only are written as their 16 equal samples instead
/// of through libjpeg's inverse DCT (cjpeg_flat_blocks.c): the same samples,
/// and most of a photo's colour blocks at that scale. Nothing changes where
/// our own paths may not run (cjpeg_own_paths_usable) or at another scale.
void cjpeg_decoder_write_flat_blocks(cjpeg_decoder *decoder);

/// After cjpeg_decoder_start_planes, before the first read (either side of
/// cjpeg_decoder_limit_columns): decodes the entropy-coded data on two threads, a
/// helper thread taking its second half (see cjpeg_entropy_share.c). The
/// samples are exactly those of a plain decode. The helper's output is kept
/// in at most `record_capacity` bytes (a bound on the memory it takes; this
/// thread decodes whatever does not fit). Returns 1 when the helper runs; 0
/// when the file does not suit (not a single baseline Huffman scan without
/// restart markers, or less than `min_data_bytes` of coded data, or our own
/// paths may not run here: cjpeg_own_paths_usable).
int cjpeg_decoder_share_entropy(cjpeg_decoder *decoder, size_t min_data_bytes, size_t record_capacity);

/// After cjpeg_decoder_share_entropy started the helper, before the first
/// read: asks for a handover at MCU row `lower_mcu_row`. This decoder is to
/// read MCU rows [0, upper_mcu_rows) only (upper_mcu_rows ≥ lower_mcu_row:
/// its last rows' taps), and a second decoder, made from the headers with
/// the rows from `lower_mcu_row` on (cjpeg_decoder_take_handover), the rest.
/// Returns 1, or 0 when the rows do not fit or nothing is shared.
int cjpeg_decoder_hand_over(cjpeg_decoder *decoder, unsigned lower_mcu_row, unsigned upper_mcu_rows);

/// Has the helper's thread run `run(context)` once it stops (after a
/// handover, the second decoder's work: the thread is already on a core of
/// its own, where a thread woken for it was put beside this one). Returns 1;
/// 0 when the helper has already stopped or no helper runs (the caller runs it).
int cjpeg_decoder_after_helper(cjpeg_decoder *decoder, void (*run)(void *), void *context);

/// This decoder at the handover's MCU row, or done: whether the second
/// decoder has the lower strip (1), or this decoder is to read on through
/// it (0: the helper could not hand over, or it was too late).
int cjpeg_decoder_lower_strip_handed_over(cjpeg_decoder *decoder);

/// For the second decoder of a handover (`upper` is the first; after
/// cjpeg_decoder_start_planes, before the first read): waits until the
/// helper hands over, then decodes from its reader. Returns 1; 0 when no
/// handover comes (the first decoder reads the lower strip); -1 when this
/// decoder cannot take it (then nobody has it: decode again with libjpeg alone).
int cjpeg_decoder_take_handover(cjpeg_decoder *lower, cjpeg_decoder *upper);

/// Our Huffman decoder (cjpeg_huffman.c) in place of libjpeg's, on this
/// thread, for a file with restart markers: libjpeg-turbo turns its fast
/// path off for the whole of such a file. Call after cjpeg_decoder_start_planes,
/// before the first read. The coefficients are exactly libjpeg's; anything
/// libjpeg would warn about or treat specially (corrupt or cut-short data, a
/// restart marker out of place, bytes left over in an interval) ends the read
/// (cjpeg_decoder_gave_up_sharing), to be done again with libjpeg alone.
/// Returns 1 when it took over; 0 when the file does not suit (not one
/// baseline Huffman scan with restart markers, or our own paths may not run here).
int cjpeg_decoder_decode_restarts(cjpeg_decoder *decoder);

/// How many MCUs the shared entropy decoding took from the helper's output so far.
unsigned long cjpeg_decoder_shared_mcus(const cjpeg_decoder *decoder);

/// Whether a read failed because our entropy decoding (shared, or for
/// restarts) met data it leaves to libjpeg (a code no table has, data cut
/// short): decode the file again with libjpeg alone, and libjpeg will say
/// what it makes of it.
int cjpeg_decoder_gave_up_sharing(const cjpeg_decoder *decoder);

/// Lossless crop and turn in the DCT domain, as jpegtran does, for a decoder
/// whose header is read: the image is turned by `transform` (TurboJPEG's
/// TJXOP numbering), the partial iMCUs a flip would move to the top or left
/// edge are dropped, and the rectangle (crop_x, crop_y, crop_width,
/// crop_height) of the result, its origin on the result's iMCU grid, becomes
/// a new baseline JPEG with no markers but SOI/DQT/SOF/DHT/SOS/EOI. The new
/// file's blocks are made while it is written, from the source's, so only
/// the source coefficients are held in memory. On success `*jpeg` (free()
/// it) and `*jpeg_size` are set. Returns 0; -2 when our own paths may not run
/// here (cjpeg_own_paths_usable; use tjTransform); or -1 with the message set.
int cjpeg_decoder_transcode(cjpeg_decoder *decoder, int transform, unsigned crop_x, unsigned crop_y,
                            unsigned crop_width, unsigned crop_height, unsigned char **jpeg, unsigned long *jpeg_size);


/// A JPEG compressor fed the stored planes (Y, Cb, Cr, or gray) one band
/// (iMCU row) at a time: no colour conversion, no whole picture in memory.
typedef struct cjpeg_encoder cjpeg_encoder;

/// What each band of a started cjpeg_encoder holds.
typedef struct {
    int count;
    /// Per plane: the row length a band must have (whole blocks), its rows,
    /// and how much of that is picture (the rest: repeat the edge samples).
    unsigned width[3];
    unsigned rows[3];
    unsigned used_width[3];
    unsigned used_height[3];
    /// Bands in the picture.
    unsigned bands;
} cjpeg_band;

/// A new encoder; NULL when out of memory.
cjpeg_encoder *cjpeg_encoder_create(void);
void cjpeg_encoder_destroy(cjpeg_encoder *encoder);
/// The last error, in libjpeg's words.
const char *cjpeg_encoder_message(const cjpeg_encoder *encoder);

/// Starts a `width` × `height` baseline JPEG at `quality`: 1 component
/// (gray) or 3 (YCbCr, luma sampled `h_samp` × `v_samp`, 1 or 2, chroma
/// 1 × 1). Fills `band`. Returns 0, or -1 with the message set.
int cjpeg_encoder_start(cjpeg_encoder *encoder, unsigned width, unsigned height, int components, int h_samp, int v_samp,
                        int quality, cjpeg_band *band);

/// Compresses the next band: band->rows[c] rows of band->width[c] samples
/// of plane c, `strides[c]` bytes apart. Returns 0, or -1 with the message set.
int cjpeg_encoder_write_band(cjpeg_encoder *encoder, unsigned char *const planes[3], const size_t strides[3]);

/// Ends the file; `*jpeg` (free() it) and `*jpeg_size` get it. Returns 0,
/// or -1 with the message set.
int cjpeg_encoder_finish(cjpeg_encoder *encoder, unsigned char **jpeg, unsigned long *jpeg_size);
