// Lossless crop and turn in the DCT domain (see cjpeg_decoder_transcode).
//
// jpegtran reads every coefficient of the image into memory, copies the
// cropped, turned blocks into a second full set, then writes that. Here the
// compressor is handed stand-in coefficient arrays: its memory manager's
// access_virt_barray is replaced, so each row of blocks it asks for is made
// on the spot from the source's. No second copy (27 MB for 12 MP), no time
// spent filling it.
//
// A plain crop of a single-scan file goes further and streams: the source
// is decoded on a second thread into a ring of a few iMCU rows (the
// decoder's access_virt_barray is replaced too), and the compressor takes
// each row as soon as it is decoded. Decoding and encoding then share two
// cores, and the image is never held in memory whole.
//
// Fenced (see cjpeg_private.h): it replaces the memory managers' virtual
// array methods and relies on when libjpeg's decoder and compressor call
// them, so it is built and run only against the release it was written for;
// elsewhere the caller uses tjTransform, which gives the same coefficients.
#include "cjpeg_private.h"
#if CJPEG_OWN_PATHS
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <turbojpeg.h>

/// iMCU rows of the source kept while streaming.
#define STREAM_SLOTS 4

/// How one output component's blocks are found in the source.
typedef struct {
    int index;
    /// Full-image mode: the source's coefficients.
    jvirt_barray_ptr source;
    /// The output's block offset in the turned image, in this component's blocks.
    JDIMENSION offset_x, offset_y;
    /// The source's size in whole iMCUs, in blocks (the partial ones a flip would move are dropped).
    JDIMENSION source_width, source_height;
    /// Blocks in the source array, partial iMCUs included (bounds for unflipped axes).
    JDIMENSION stored_width, stored_height;
    /// Rows handed to the compressor: v_samp_factor rows of the output's width, padded to whole MCUs.
    JBLOCKARRAY rows;
    /// The same for a plain crop: pointers into the source's rows.
    JBLOCKROW direct[MAX_SAMP_FACTOR];
    JDIMENSION row_blocks;
    int row_count;
} dest_component;

/// Full-image mode: one source component's coefficients.
typedef struct {
    JBLOCKARRAY rows;
    void *memory;
    size_t size;
} whole_array;

/// Streaming: one source component's ring of STREAM_SLOTS iMCU rows.
typedef struct {
    JBLOCKARRAY rows;
    JDIMENSION row_blocks;
    int rows_per_imcu;
} ring_component;

/// Streaming: how far each side is, guarded by `lock`.
typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    /// Source iMCU rows fully decoded.
    JDIMENSION decoded;
    /// The writer needs no source iMCU row below this one any more.
    JDIMENSION released;
    int reader_failed;
    /// The writer failed: the reader stops.
    int writer_stopped;
    /// The writer has every row it needs: the reader reads on to the end of
    /// the file without waiting, so that damage below the crop is seen too.
    int writer_finished;
} stream_progress;

typedef struct {
    cjpeg_decoder *reader;
    /// Error context of the compressor: its message and jump (a cjpeg_decoder used for those fields only).
    cjpeg_decoder *writer;
    int transform;
    int swaps_axes;
    /// Output coefficient k is coefficient_sign[k] × source coefficient coefficient_source[k].
    int coefficient_source[DCTSIZE2];
    int coefficient_sign[DCTSIZE2];
    dest_component components[MAX_COMPONENTS];
    int streaming;
    /// Full-image mode: the source's coefficient arrays, in memory of ours.
    whole_array wholes[MAX_COMPONENTS];
    int wholes_made;
    stream_progress progress;
    ring_component rings[MAX_COMPONENTS];
    int rings_made;
} transcode_state;

static JDIMENSION div_round_up(JDIMENSION a, JDIMENSION b) { return (a + b - 1) / b; }

static JBLOCKARRAY source_rows(transcode_state *state, dest_component *component, JDIMENSION row) {
    j_decompress_ptr in = &state->reader->info;
    return (*in->mem->access_virt_barray)((j_common_ptr)in, component->source, row, 1, FALSE);
}

/// Output block (x, y) from its source block, through the coefficient map.
static void copy_block(transcode_state *state, dest_component *component, JDIMENSION x, JDIMENSION y, JCOEF *out) {
    JDIMENSION turned_x = x + component->offset_x, turned_y = y + component->offset_y;
    JDIMENSION width = component->source_width, height = component->source_height;
    JDIMENSION source_x, source_y;
    switch (state->transform) {
    case TJXOP_HFLIP: source_x = width - 1 - turned_x; source_y = turned_y; break;
    case TJXOP_VFLIP: source_x = turned_x; source_y = height - 1 - turned_y; break;
    case TJXOP_ROT180: source_x = width - 1 - turned_x; source_y = height - 1 - turned_y; break;
    case TJXOP_TRANSPOSE: source_x = turned_y; source_y = turned_x; break;
    case TJXOP_TRANSVERSE: source_x = width - 1 - turned_y; source_y = height - 1 - turned_x; break;
    case TJXOP_ROT90: source_x = turned_y; source_y = height - 1 - turned_x; break;
    case TJXOP_ROT270: source_x = width - 1 - turned_y; source_y = turned_x; break;
    default: source_x = turned_x; source_y = turned_y; break;
    }
    // The padding blocks past the image's edge come from the last real ones.
    if (source_x >= component->stored_width) source_x = component->stored_width - 1;
    if (source_y >= component->stored_height) source_y = component->stored_height - 1;
    const JCOEF *in = source_rows(state, component, source_y)[0][source_x];
    for (int k = 0; k < DCTSIZE2; k++) out[k] = (JCOEF)(in[state->coefficient_source[k]] * state->coefficient_sign[k]);
}

/// Where each output coefficient comes from and its sign. Flipping an axis
/// negates that axis's odd frequencies (cos((2(7-x)+1)uπ/16) =
/// (-1)^u cos((2x+1)uπ/16)); turning swaps the axes.
static void make_coefficient_map(transcode_state *state) {
    int flip_u = 0, flip_v = 0;  // of the output block's horizontal / vertical frequencies
    switch (state->transform) {
    case TJXOP_HFLIP: case TJXOP_ROT90: flip_u = 1; break;
    case TJXOP_VFLIP: case TJXOP_ROT270: flip_v = 1; break;
    case TJXOP_ROT180: case TJXOP_TRANSVERSE: flip_u = flip_v = 1; break;
    default: break;
    }
    for (int v = 0; v < DCTSIZE; v++) {
        for (int u = 0; u < DCTSIZE; u++) {
            state->coefficient_source[v * DCTSIZE + u] = state->swaps_axes ? u * DCTSIZE + v : v * DCTSIZE + u;
            state->coefficient_sign[v * DCTSIZE + u] = ((flip_u && (u & 1)) ^ (flip_v && (v & 1))) ? -1 : 1;
        }
    }
}

static void check_row_count(cjpeg_decoder *writer, dest_component *component, JDIMENSION num_rows) {
    if ((int)num_rows > component->row_count) {
        snprintf(writer->message, sizeof writer->message, "the compressor asked for %u block rows at once", num_rows);
        longjmp(writer->jump, 1);
    }
}

/// The compressor's access_virt_barray when the source is in memory whole.
static JBLOCKARRAY whole_source_rows(j_common_ptr info, jvirt_barray_ptr array, JDIMENSION start_row,
                                     JDIMENSION num_rows, boolean writable) {
    (void)writable;  // the compressor only reads
    cjpeg_decoder *writer = (cjpeg_decoder *)info->client_data;
    transcode_state *state = writer->transcode;
    dest_component *component = (dest_component *)array;
    check_row_count(writer, component, num_rows);
    if (state->transform == TJXOP_NONE) {
        // A plain crop: the source's own rows, from the crop's first block. No copy.
        for (JDIMENSION r = 0; r < num_rows; r++) {
            JDIMENSION y = start_row + r + component->offset_y;
            if (y >= component->stored_height) y = component->stored_height - 1;
            component->direct[r] = source_rows(state, component, y)[0] + component->offset_x;
        }
        return component->direct;
    }
    for (JDIMENSION r = 0; r < num_rows; r++) {
        for (JDIMENSION x = 0; x < component->row_blocks; x++) {
            copy_block(state, component, x, start_row + r, component->rows[r][x]);
        }
    }
    return component->rows;
}

// ─── Streaming ───

/// The decoder's request_virt_barray: a ring instead of the whole image.
static jvirt_barray_ptr ring_request(j_common_ptr info, int pool_id, boolean pre_zero, JDIMENSION blocks_per_row,
                                     JDIMENSION rows, JDIMENSION max_access) {
    (void)pool_id; (void)pre_zero; (void)rows;  // rows are zeroed as they are handed out
    cjpeg_decoder *reader = (cjpeg_decoder *)info->client_data;
    transcode_state *state = reader->transcode;
    if (state->rings_made >= MAX_COMPONENTS) {
        snprintf(reader->message, sizeof reader->message, "more coefficient arrays than components");
        longjmp(reader->jump, 1);
    }
    ring_component *ring = &state->rings[state->rings_made++];
    ring->rows_per_imcu = (int)max_access;  // v_samp_factor rows for a single-scan file
    ring->row_blocks = blocks_per_row;
    ring->rows = (*info->mem->alloc_barray)(info, JPOOL_IMAGE, blocks_per_row, STREAM_SLOTS * max_access);
    return (jvirt_barray_ptr)ring;
}

/// The decoder's access_virt_barray: the ring slot for the iMCU row it is
/// about to decode, once the writer is done with that slot's last row.
static JBLOCKARRAY ring_rows_to_fill(j_common_ptr info, jvirt_barray_ptr array, JDIMENSION start_row,
                                     JDIMENSION num_rows, boolean writable) {
    (void)writable;
    cjpeg_decoder *reader = (cjpeg_decoder *)info->client_data;
    transcode_state *state = reader->transcode;
    stream_progress *progress = &state->progress;
    ring_component *ring = (ring_component *)array;
    JDIMENSION imcu = start_row / (JDIMENSION)ring->rows_per_imcu;
    pthread_mutex_lock(&progress->lock);
    // Asking for row k means every row above it is complete.
    if (imcu > progress->decoded) {
        progress->decoded = imcu;
        pthread_cond_broadcast(&progress->changed);
    }
    while (!progress->writer_stopped && !progress->writer_finished && imcu >= progress->released + STREAM_SLOTS) {
        pthread_cond_wait(&progress->changed, &progress->lock);
    }
    int stop = progress->writer_stopped;
    pthread_mutex_unlock(&progress->lock);
    if (stop) {
        snprintf(reader->message, sizeof reader->message, "the writer stopped");
        longjmp(reader->jump, 1);
    }
    JBLOCKARRAY rows = ring->rows + (imcu % STREAM_SLOTS) * (JDIMENSION)ring->rows_per_imcu;
    // libjpeg decodes into blocks it expects zeroed.
    for (JDIMENSION r = 0; r < num_rows; r++) memset(rows[r], 0, ring->row_blocks * sizeof(JBLOCK));
    return rows;
}

/// The compressor's access_virt_barray while streaming: the rows it asks
/// for, from the ring, once decoded.
static JBLOCKARRAY ring_rows_to_write(j_common_ptr info, jvirt_barray_ptr array, JDIMENSION start_row,
                                     JDIMENSION num_rows, boolean writable) {
    (void)writable;
    cjpeg_decoder *writer = (cjpeg_decoder *)info->client_data;
    transcode_state *state = writer->transcode;
    stream_progress *progress = &state->progress;
    dest_component *component = (dest_component *)array;
    check_row_count(writer, component, num_rows);
    // Whole iMCU rows at a time, and the crop starts on one: one source iMCU
    // row. (Unturned, the output's sampling is the source's.)
    JDIMENSION imcu = (start_row + component->offset_y) / (JDIMENSION)component->row_count;
    pthread_mutex_lock(&progress->lock);
    if (imcu > progress->released) {
        progress->released = imcu;
        pthread_cond_broadcast(&progress->changed);
    }
    while (!progress->reader_failed && progress->decoded <= imcu) {
        pthread_cond_wait(&progress->changed, &progress->lock);
    }
    int failed = progress->reader_failed;
    pthread_mutex_unlock(&progress->lock);
    if (failed) {
        snprintf(writer->message, sizeof writer->message, "%s", state->reader->message);
        longjmp(writer->jump, 1);
    }
    // Decoded rows mean the reader has made its rings.
    ring_component *ring = &state->rings[component->index];
    JBLOCKARRAY slot = ring->rows + (imcu % STREAM_SLOTS) * (JDIMENSION)ring->rows_per_imcu;
    for (JDIMENSION r = 0; r < num_rows; r++) component->direct[r] = slot[r] + component->offset_x;
    return component->direct;
}

static void *stream_reader(void *argument) {
    transcode_state *state = argument;
    cjpeg_decoder *reader = state->reader;
    stream_progress *progress = &state->progress;
    if (setjmp(reader->jump)) {
        pthread_mutex_lock(&progress->lock);
        if (!progress->writer_stopped) progress->reader_failed = 1;
        pthread_cond_broadcast(&progress->changed);
        pthread_mutex_unlock(&progress->lock);
        return NULL;
    }
    jpeg_read_coefficients(&reader->info);
    pthread_mutex_lock(&progress->lock);
    progress->decoded = UINT_MAX;
    pthread_cond_broadcast(&progress->changed);
    pthread_mutex_unlock(&progress->lock);
    return NULL;
}

// ─── Writing ───

/// Sets the compressor up for the crop: sizes, turned sampling and
/// quantisation tables, and the stand-in arrays. Errors longjmp to writer->jump.
static void prepare_output(transcode_state *state, j_compress_ptr out, jvirt_barray_ptr *source, unsigned crop_x,
                           unsigned crop_y, unsigned crop_width, unsigned crop_height, jvirt_barray_ptr *arrays) {
    j_decompress_ptr in = &state->reader->info;
    jpeg_copy_critical_parameters(in, out);
    out->image_width = crop_width;
    out->image_height = crop_height;
    // A one-component image is single blocks whatever sampling factors its
    // header claims (libjpeg decodes it so): its grid is 8x8, and it is
    // written 1x1, as TurboJPEG's transformer writes it.
    int single = in->num_components == 1;
    if (single) out->comp_info[0].h_samp_factor = out->comp_info[0].v_samp_factor = 1;
    int in_max_h = single ? 1 : in->max_h_samp_factor, in_max_v = single ? 1 : in->max_v_samp_factor;
    int max_h = in_max_h, max_v = in_max_v;
    if (state->swaps_axes) {
        // Turned blocks are transposed, so are the sampling factors and quantisation tables.
        for (int c = 0; c < out->num_components; c++) {
            int h = out->comp_info[c].h_samp_factor;
            out->comp_info[c].h_samp_factor = out->comp_info[c].v_samp_factor;
            out->comp_info[c].v_samp_factor = h;
        }
        for (int t = 0; t < NUM_QUANT_TBLS; t++) {
            JQUANT_TBL *table = out->quant_tbl_ptrs[t];
            if (!table) continue;
            for (int v = 0; v < DCTSIZE; v++) {
                for (int u = v + 1; u < DCTSIZE; u++) {
                    UINT16 swap = table->quantval[v * DCTSIZE + u];
                    table->quantval[v * DCTSIZE + u] = table->quantval[u * DCTSIZE + v];
                    table->quantval[u * DCTSIZE + v] = swap;
                }
            }
        }
        int swap = max_h;
        max_h = max_v;
        max_v = swap;
    }
    // The turned image's iMCU, in pixels; the crop's origin must be on its grid.
    unsigned imcu_width = (unsigned)(DCTSIZE * max_h), imcu_height = (unsigned)(DCTSIZE * max_v);
    if (crop_x % imcu_width || crop_y % imcu_height || crop_width == 0 || crop_height == 0) {
        snprintf(state->writer->message, sizeof state->writer->message,
                 "the crop %ux%u+%u+%u is not on the %ux%u block grid", crop_width, crop_height, crop_x, crop_y,
                 imcu_width, imcu_height);
        longjmp(state->writer->jump, 1);
    }
    for (int c = 0; c < out->num_components; c++) {
        jpeg_component_info *stored = &in->comp_info[c];
        dest_component *component = &state->components[c];
        int h = out->comp_info[c].h_samp_factor, v = out->comp_info[c].v_samp_factor;
        component->index = c;
        component->source = source ? source[c] : NULL;
        component->offset_x = crop_x / imcu_width * (JDIMENSION)h;
        component->offset_y = crop_y / imcu_height * (JDIMENSION)v;
        JDIMENSION stored_h = single ? 1 : (JDIMENSION)stored->h_samp_factor;
        JDIMENSION stored_v = single ? 1 : (JDIMENSION)stored->v_samp_factor;
        component->source_width = in->image_width / (JDIMENSION)(DCTSIZE * in_max_h) * stored_h;
        component->source_height = in->image_height / (JDIMENSION)(DCTSIZE * in_max_v) * stored_v;
        component->stored_width = stored->width_in_blocks;
        component->stored_height = stored->height_in_blocks;
        JDIMENSION width = div_round_up(div_round_up(crop_width * (JDIMENSION)h, (JDIMENSION)max_h), DCTSIZE);
        component->row_blocks = div_round_up(width, (JDIMENSION)h) * (JDIMENSION)h;
        component->row_count = v;
        component->rows = (*out->mem->alloc_barray)((j_common_ptr)out, JPOOL_IMAGE, component->row_blocks, (JDIMENSION)v);
        arrays[c] = (jvirt_barray_ptr)component;
    }
}

/// Writes the crop; returns 0, or -1 with writer->message set.
static int write_output(transcode_state *state, jvirt_barray_ptr *source, unsigned crop_x, unsigned crop_y,
                        unsigned crop_width, unsigned crop_height, unsigned char **jpeg, unsigned long *jpeg_size) {
    struct jpeg_compress_struct out;
    cjpeg_decoder *writer = state->writer;
    // A first guess at the size: the crop's share of a similar file, grown as needed.
    cjpeg_growing_output output;
    if (cjpeg_growing_output_init(&output, writer, 64 * 1024 + (size_t)crop_width * crop_height / 2) != 0) return -1;
    out.err = cjpeg_error_handlers(&writer->error);
    out.client_data = writer;
    writer->transcode = state;
    if (setjmp(writer->jump)) {
        jpeg_destroy_compress(&out);
        free(output.buffer);
        return -1;
    }
    jpeg_create_compress(&out);
    jvirt_barray_ptr arrays[MAX_COMPONENTS];
    prepare_output(state, &out, source, crop_x, crop_y, crop_width, crop_height, arrays);
    out.mem->access_virt_barray = state->streaming ? ring_rows_to_write : whole_source_rows;
    out.dest = &output.manager;
    jpeg_write_coefficients(&out, arrays);
    jpeg_finish_compress(&out);
    jpeg_destroy_compress(&out);
    cjpeg_growing_output_take(&output, jpeg, jpeg_size);
    return 0;
}

/// The decoder's request_virt_barray in full-image mode: the whole array,
/// in fresh memory asked for in 2 MB pages. libjpeg's own arrays come from
/// malloc in 4 KB pages, and faulting in 36 MB of those (12 MP) cost a third
/// of a turned crop's time here. mmap's memory is zeroed, as libjpeg wants.
static jvirt_barray_ptr whole_request(j_common_ptr info, int pool_id, boolean pre_zero, JDIMENSION blocks_per_row,
                                      JDIMENSION rows, JDIMENSION max_access) {
    (void)pool_id; (void)pre_zero; (void)max_access;
    cjpeg_decoder *reader = (cjpeg_decoder *)info->client_data;
    transcode_state *state = reader->transcode;
    size_t row_size = (size_t)blocks_per_row * sizeof(JBLOCK);
    size_t size = row_size * rows;
    long limit = info->mem->max_memory_to_use;
    if (state->wholes_made >= MAX_COMPONENTS || (limit > 0 && size > (size_t)limit)) {
        snprintf(reader->message, sizeof reader->message, "the image's coefficients need more memory than allowed");
        longjmp(reader->jump, 1);
    }
    whole_array *whole = &state->wholes[state->wholes_made++];
    void *memory = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) {
        snprintf(reader->message, sizeof reader->message, "out of memory for the image's coefficients");
        longjmp(reader->jump, 1);
    }
    madvise(memory, size, MADV_HUGEPAGE);
    whole->memory = memory;
    whole->size = size;
    whole->rows = (*info->mem->alloc_large)(info, JPOOL_IMAGE, rows * sizeof(JBLOCKROW));
    for (JDIMENSION row = 0; row < rows; row++) whole->rows[row] = (JBLOCKROW)((char *)memory + row * row_size);
    return (jvirt_barray_ptr)whole;
}

static JBLOCKARRAY whole_access(j_common_ptr info, jvirt_barray_ptr array, JDIMENSION start_row, JDIMENSION num_rows,
                                boolean writable) {
    (void)info; (void)num_rows; (void)writable;
    return ((whole_array *)array)->rows + start_row;
}

/// Reads every coefficient (full-image mode); NULL with reader->message set on error.
static jvirt_barray_ptr *read_whole(cjpeg_decoder *reader) {
    if (setjmp(reader->jump)) return NULL;
    return jpeg_read_coefficients(&reader->info);
}

int cjpeg_decoder_transcode(cjpeg_decoder *decoder, int transform, unsigned crop_x, unsigned crop_y,
                            unsigned crop_width, unsigned crop_height, unsigned char **jpeg, unsigned long *jpeg_size) {
    *jpeg = NULL;
    *jpeg_size = 0;
    const char *why;
    if (!cjpeg_own_paths_usable(&why)) {
        snprintf(decoder->message, sizeof decoder->message, "%s", why);
        return -2;
    }
    if (!decoder->created) {
        snprintf(decoder->message, sizeof decoder->message, "the header was not read");
        return -1;
    }
    j_decompress_ptr in = &decoder->info;
    transcode_state *state = calloc(1, sizeof *state);
    cjpeg_decoder *writer = calloc(1, sizeof *writer);
    if (!state || !writer) {
        free(state);
        free(writer);
        snprintf(decoder->message, sizeof decoder->message, "out of memory");
        return -1;
    }
    state->reader = decoder;
    state->writer = writer;
    state->transform = transform;
    state->swaps_axes = transform == TJXOP_TRANSPOSE || transform == TJXOP_TRANSVERSE
        || transform == TJXOP_ROT90 || transform == TJXOP_ROT270;
    make_coefficient_map(state);
    // Streaming needs the source's rows in order, each decoded once: one
    // scan holding every component, and no turn; and the source's iMCU rows
    // the output's (not so for a one-component file claiming other sampling
    // than 1x1: it is written 1x1).
    int resampled = in->num_components == 1 && (in->comp_info[0].h_samp_factor != 1 || in->comp_info[0].v_samp_factor != 1);
    state->streaming = transform == TJXOP_NONE && !in->progressive_mode && in->comps_in_scan == in->num_components
        && !resampled;
    decoder->transcode = state;
    int status = 0;
    if (state->streaming) {
        pthread_mutex_init(&state->progress.lock, NULL);
        pthread_cond_init(&state->progress.changed, NULL);
        in->mem->request_virt_barray = ring_request;
        in->mem->access_virt_barray = ring_rows_to_fill;
        pthread_t reader;
        if (pthread_create(&reader, NULL, stream_reader, state) != 0) {
            snprintf(decoder->message, sizeof decoder->message, "cannot start a thread");
            status = -1;
        } else {
            status = write_output(state, NULL, crop_x, crop_y, crop_width, crop_height, jpeg, jpeg_size);
            pthread_mutex_lock(&state->progress.lock);
            if (status == 0) state->progress.writer_finished = 1;
            else state->progress.writer_stopped = 1;
            pthread_cond_broadcast(&state->progress.changed);
            pthread_mutex_unlock(&state->progress.lock);
            pthread_join(reader, NULL);
            if (state->progress.reader_failed) status = -1;  // its message is in decoder->message
            else if (status != 0) snprintf(decoder->message, sizeof decoder->message, "%s", writer->message);
        }
        pthread_cond_destroy(&state->progress.changed);
        pthread_mutex_destroy(&state->progress.lock);
    } else {
        in->mem->request_virt_barray = whole_request;
        in->mem->access_virt_barray = whole_access;
        jvirt_barray_ptr *source = read_whole(decoder);
        if (!source) {
            status = -1;
        } else {
            status = write_output(state, source, crop_x, crop_y, crop_width, crop_height, jpeg, jpeg_size);
            if (status != 0) snprintf(decoder->message, sizeof decoder->message, "%s", writer->message);
        }
    }
    decoder->transcode = NULL;
    for (int c = 0; c < state->wholes_made; c++) munmap(state->wholes[c].memory, state->wholes[c].size);
    free(writer);
    free(state);
    return status;
}

#else  // built without our own paths: the caller uses tjTransform.

int cjpeg_decoder_transcode(cjpeg_decoder *decoder, int transform, unsigned crop_x, unsigned crop_y,
                            unsigned crop_width, unsigned crop_height, unsigned char **jpeg, unsigned long *jpeg_size) {
    (void)transform; (void)crop_x; (void)crop_y; (void)crop_width; (void)crop_height;
    *jpeg = NULL;
    *jpeg_size = 0;
    const char *why;
    cjpeg_own_paths_usable(&why);
    snprintf(decoder->message, sizeof decoder->message, "%s", why);
    return -2;
}

#endif
