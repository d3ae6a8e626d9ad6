// One file's entropy-coded data decoded by two threads.
//
// Huffman decoding is the slowest part of decoding a large JPEG at a
// reduced scale, and it is serial: where a code starts is known only once
// the code before it is decoded. Without restart markers there is no other
// place to start. But Huffman codes resynchronise: a decoder started at an
// arbitrary bit of the data decodes garbage for a while, then falls into
// step with the real code boundaries, usually within an MCU or two.
//
// So a helper thread starts part-way into the data, as if an MCU began
// there, and decodes the rest into compact records (DC differences, not
// values: it cannot know the predictors), noting where each of its first
// MCUs began. This thread decodes the part before itself (cjpeg_huffman.c,
// inside libjpeg's own decoding loop: libjpeg's entropy decoder is
// replaced, its inverse DCT is kept). Once past the helper's start, it looks
// at each MCU boundary for one the helper also stood on: from there on both
// decode the same codes, so it takes the helper's records, adding their DC
// differences to its own predictors, and frees them as it goes.
//
// With a handover (cjpeg_decoder_hand_over), the helper does not record to
// the end: once this thread has told it where it stands (the common
// boundary, with the predictors there), it records on to a given MCU row,
// and from there a second decoder (the picture's lower strip, run on the
// helper's thread once it stops: cjpeg_decoder_after_helper) decodes densely
// from the helper's reader, with predictors the helper's sums of DC
// differences give. Both cores then run inverse DCTs.
//
// Anything unusual (a code no table has, data cut short, no common boundary)
// makes the decode give up, and the caller decodes the file with libjpeg
// alone: this path gives exactly libjpeg's coefficients or none.
//
// Fenced (see cjpeg_private.h): it replaces libjpeg's entropy decoder
// (entropy->decode_mcu) and reads its input controller's and master's private
// state, so it is built and run only against the release it was written for.
#include "cjpeg_private.h"
#if CJPEG_OWN_PATHS
#include "cjpeg_huffman.h"
#include <jpegint.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/// The helper notes its state at this many MCU boundaries from its start;
/// this thread must find a common one among them.
#define SYNC_POINTS 4096
/// Where the helper starts, in percent of the coded data. With a handover,
/// this thread must tell the helper where it stands before the helper passes
/// the lower strip's row: the helper records about twice as fast as this
/// thread decodes. On the 48 MP file 20 was fastest (89.0 ms against 91.8 at
/// 25 and 92.7 at 30); 10 and 15 slower (more records to write and copy).
#define HELPER_SHARE_PERCENT 20
/// Copied records are freed in steps of this many bytes (a multiple of the page size).
#define RELEASE_STEP ((size_t)1 << 20)
/// The helper makes its progress visible every this many MCUs.
#define PUBLISH_EVERY 16
/// The helper's bit positions after its last this many records are kept (a
/// power of two): this thread needs the one after the last record it takes,
/// and the helper stops at the first MCU past the data's end.
#define HELPER_ENDS_KEPT 64

/// Where the helper stood at the start of one of its MCUs: bits into its
/// data, and the offset of the MCU's record.
typedef struct {
    uint64_t position;
    size_t offset;
    /// The helper's running sums of DC differences, by component, before this MCU.
    int32_t sums[MAX_COMPS_IN_SCAN];
} sync_point;

/// Where a handover stands. The helper moves it on from PENDING once it knows
/// where it stands (ACCEPTED, then READY at the lower strip's first MCU, or
/// REFUSED when it is already past it), or when it stops (REFUSED, FAILED);
/// this thread refuses a PENDING one when it reaches the lower strip itself.
enum {
    HANDOVER_PENDING,
    HANDOVER_ACCEPTED,
    HANDOVER_READY,
    HANDOVER_REFUSED,
    HANDOVER_FAILED,
};

/// What each thread writes as it goes starts a cache line of its own
/// (_Alignas): the helper reading a pointer that sat beside this thread's bit
/// reader made the line move between the cores at every MCU.
#define CACHE_LINE 64

struct cjpeg_entropy_share {
    // Set up before the helper starts, then read-only.
    cjpeg_huffman_table dc[NUM_HUFF_TBLS];
    cjpeg_huffman_table ac[NUM_HUFF_TBLS];
    cjpeg_mcu_layout layout;
    const uint8_t *data_end;
    /// The coded data's length as cjpeg_data_bytes counts it.
    uint64_t data_bytes;
    const uint8_t *helper_start;
    uint32_t total_mcus;
    uint32_t mcus_per_row;
    /// The helper's output: per MCU a status byte and cjpeg_decode_mcu_record's record.
    uint8_t *records;
    /// Bytes reserved for them; when they are full the helper stops and this thread decodes the rest itself.
    size_t record_capacity;
    /// With a handover: the MCU (this thread's count, a row's first) the
    /// lower strip starts at, and the one the helper records up to for this
    /// thread's last rows; 0 without. Set before this thread's first read.
    uint32_t handover_mcu;
    uint32_t record_until_mcu;

    // This thread's sync, for the helper: written before `synced` is set.
    _Alignas(CACHE_LINE) _Atomic int synced;
    /// The helper's MCU count at the common boundary, this thread's there, and its predictors there.
    uint32_t sync_helper_mcu;
    uint32_t sync_mcu;
    int32_t sync_predictors[MAX_COMPS_IN_SCAN];

    // The helper's side.
    _Alignas(CACHE_LINE) sync_point points[SYNC_POINTS];
    _Atomic uint32_t records_done;
    _Atomic int helper_stopped;
    _Atomic int cancel;
    _Atomic int waiting;
    pthread_mutex_t lock;
    pthread_cond_t progress;
    pthread_t thread;
    /// When the helper stopped for want of room: its reader after its last record.
    int helper_full;
    cjpeg_bit_reader helper_reader;
    /// The helper's bit position after each of its last HELPER_ENDS_KEPT
    /// records (record m's at m % HELPER_ENDS_KEPT): the end of the last
    /// record this thread takes is where the coded data ends.
    uint64_t helper_ends[HELPER_ENDS_KEPT];
    /// HANDOVER_*, changed under `lock` (announce_handover).
    _Atomic int handover;
    /// Once READY: the helper's reader at handover_mcu and the predictors there.
    cjpeg_bit_reader handover_reader;
    int32_t handover_predictors[MAX_COMPS_IN_SCAN];
    /// What the helper's thread runs once it stops (cjpeg_decoder_after_helper),
    /// and whether it has stopped; under `lock`.
    void (*after)(void *);
    void *after_context;
    int helper_done;

    // This thread's side.
    _Alignas(CACHE_LINE) cjpeg_bit_reader reader;
    /// Where `reader` started, in bits of data from the scan's first byte
    /// (not 0 once it took over the helper's reader).
    uint64_t reader_origin;
    int32_t predictors[MAX_COMPS_IN_SCAN];
    uint32_t next_mcu;
    /// This thread's bit position at the helper's first byte, once its reader got there.
    int have_helper_start;
    uint64_t helper_start_position;
    /// The next of the helper's points to compare with; whether looking for a
    /// common boundary is over (none among them, or the helper's records are used up).
    uint32_t next_point;
    int sync_over;
    /// Taking the helper's records: the next one's MCU (the helper's count) and offset.
    int copying;
    uint32_t helper_mcu;
    size_t helper_offset;
    /// MCUs taken from the helper's records so far.
    unsigned long copied_mcus;
    /// Records below this offset are given back to the system.
    size_t released;

    /// Whether a helper was started, and whether it has been joined.
    int has_helper;
    int helper_joined;

    // Restart decoding (no helper): where this interval's data starts, MCUs
    // left in it, and the restart marker expected after it.
    const uint8_t *interval_start;
    unsigned restarts_to_go;
    int next_restart;
};

/// A zeroed share on its own cache lines (calloc aligns to 16 bytes only); free() frees it.
static cjpeg_entropy_share *new_share(void) {
    // The struct's size is a multiple of its alignment, as aligned_alloc asks.
    cjpeg_entropy_share *share = aligned_alloc(_Alignof(cjpeg_entropy_share), sizeof *share);
    if (share) memset(share, 0, sizeof *share);
    return share;
}

/// Makes the first `records` records (and the helper's stop, when `stopped`) visible to this thread.
static void publish(cjpeg_entropy_share *share, uint32_t records, int stopped) {
    atomic_store(&share->records_done, records);
    if (stopped) atomic_store(&share->helper_stopped, 1);
    if (atomic_load(&share->waiting)) {
        pthread_mutex_lock(&share->lock);
        pthread_cond_broadcast(&share->progress);
        pthread_mutex_unlock(&share->lock);
    }
}

/// Moves the handover from `from` to `to` (if it still is at `from`) and
/// wakes whoever waits on it; returns whether it moved.
static int announce_handover(cjpeg_entropy_share *share, int from, int to) {
    pthread_mutex_lock(&share->lock);
    int moved = atomic_load(&share->handover) == from;
    if (moved) atomic_store(&share->handover, to);
    pthread_cond_broadcast(&share->progress);
    pthread_mutex_unlock(&share->lock);
    return moved;
}

/// Waits while the handover is PENDING (or, with `pending_too` 0, only while
/// ACCEPTED) and returns where it settled.
static int settled_handover(cjpeg_entropy_share *share, int pending_too) {
    pthread_mutex_lock(&share->lock);
    int state;
    while ((state = atomic_load(&share->handover)) == HANDOVER_ACCEPTED || (pending_too && state == HANDOVER_PENDING))
        pthread_cond_wait(&share->progress, &share->lock);
    pthread_mutex_unlock(&share->lock);
    return state;
}

/// The helper, at its MCU `mcu`, has just learnt where it stands: sets the
/// MCUs (its count) where it hands over and where it stops, when it is not
/// already past the lower strip's start (then the handover is refused, and
/// it records to the end as without one).
static void place_handover(cjpeg_entropy_share *share, uint32_t mcu, uint32_t *handover_at, uint32_t *stop_at) {
    if (share->handover_mcu == 0) return;
    // The helper's MCU m is this thread's m + offset.
    uint32_t offset = share->sync_mcu - share->sync_helper_mcu;
    if (share->sync_mcu >= share->sync_helper_mcu && share->handover_mcu >= offset + mcu
        && announce_handover(share, HANDOVER_PENDING, HANDOVER_ACCEPTED)) {
        *handover_at = share->handover_mcu - offset;
        *stop_at = share->record_until_mcu - offset;
        return;
    }
    announce_handover(share, HANDOVER_PENDING, HANDOVER_REFUSED);
}

/// At the lower strip's first MCU: its reader, and the predictors there
/// (this thread's at the common boundary plus the helper's differences since).
static void hand_over(cjpeg_entropy_share *share, const cjpeg_bit_reader *reader, const int32_t *sums) {
    const int32_t *at_sync = share->points[share->sync_helper_mcu].sums;
    share->handover_reader = *reader;
    for (int c = 0; c < MAX_COMPS_IN_SCAN; c++)
        share->handover_predictors[c] =
            (int32_t)((uint32_t)share->sync_predictors[c] + (uint32_t)sums[c] - (uint32_t)at_sync[c]);
    announce_handover(share, HANDOVER_ACCEPTED, HANDOVER_READY);
}

static void *run_helper(void *argument) {
    cjpeg_entropy_share *share = argument;
    cjpeg_bit_reader reader;
    cjpeg_bit_reader_init(&reader, share->helper_start, share->data_end);
    size_t offset = 0, longest = 1 + cjpeg_mcu_record_limit(&share->layout);
    int32_t sums[MAX_COMPS_IN_SCAN] = {0};
    uint32_t mcu = 0;
    // With a handover, once the helper knows where it stands: its MCUs where it hands over and stops.
    uint32_t handover_at = UINT32_MAX, stop_at = UINT32_MAX;
    int placed = 0;
    while (mcu < share->total_mcus && !atomic_load_explicit(&share->cancel, memory_order_relaxed)) {
        if (!placed && atomic_load_explicit(&share->synced, memory_order_acquire)) {
            placed = 1;
            place_handover(share, mcu, &handover_at, &stop_at);
        }
        if (mcu == handover_at) hand_over(share, &reader, sums);
        if (mcu == stop_at) break;
        if (offset + longest > share->record_capacity) {
            share->helper_full = 1;
            share->helper_reader = reader;
            break;
        }
        if (mcu < SYNC_POINTS) {
            sync_point *point = &share->points[mcu];
            point->position = cjpeg_bit_reader_position(&reader);
            point->offset = offset;
            memcpy(point->sums, sums, sizeof sums);
        }
        int status;
        size_t length = cjpeg_decode_mcu_record(&reader, &share->layout, sums, share->records + offset + 1, &status);
        share->records[offset] = (uint8_t)status;
        offset += 1 + length;
        share->helper_ends[mcu % HELPER_ENDS_KEPT] = cjpeg_bit_reader_position(&reader);
        mcu++;
        if (cjpeg_bit_reader_overran(&reader)) break;  // past the end: later MCUs would be made up
        if (mcu % PUBLISH_EVERY == 0) publish(share, mcu, 0);
    }
    publish(share, mcu, 1);
    // A handover not made by now will not be.
    announce_handover(share, HANDOVER_PENDING, HANDOVER_REFUSED);
    announce_handover(share, HANDOVER_ACCEPTED, HANDOVER_FAILED);
    pthread_mutex_lock(&share->lock);
    share->helper_done = 1;
    void (*after)(void *) = share->after;
    void *context = share->after_context;
    pthread_mutex_unlock(&share->lock);
    if (after) after(context);
    return NULL;
}

/// Stops the helper and waits for it, once.
static void stop_helper(cjpeg_entropy_share *share) {
    if (share->helper_joined) return;
    atomic_store(&share->cancel, 1);
    pthread_join(share->thread, NULL);
    share->helper_joined = 1;
}

/// Waits until the helper has finished `needed` records or stopped; returns how many it has.
static uint32_t wait_for_records(cjpeg_entropy_share *share, uint32_t needed) {
    uint32_t done = atomic_load(&share->records_done);
    if (done >= needed) return done;
    // The helper publishes its last count before it says it stopped.
    if (atomic_load(&share->helper_stopped)) return atomic_load(&share->records_done);
    pthread_mutex_lock(&share->lock);
    atomic_store(&share->waiting, 1);
    while ((done = atomic_load(&share->records_done)) < needed && !atomic_load(&share->helper_stopped))
        pthread_cond_wait(&share->progress, &share->lock);
    atomic_store(&share->waiting, 0);
    pthread_mutex_unlock(&share->lock);
    return atomic_load(&share->records_done);
}

/// Ends the decode: the caller is to decode the file with libjpeg alone.
static void give_up(j_decompress_ptr info, const char *why) {
    cjpeg_decoder *decoder = (cjpeg_decoder *)info->client_data;
    decoder->share_gave_up = 1;
    snprintf(decoder->message, sizeof decoder->message, "our entropy decoding gave up: %s", why);
    longjmp(decoder->jump, 1);
}

static void abandon_sync(cjpeg_entropy_share *share) {
    share->sync_over = 1;
    atomic_store(&share->cancel, 1);
}

/// At an MCU boundary past the helper's start: whether the helper stood here
/// too, and if so, switch to its records.
static void look_for_common_boundary(cjpeg_entropy_share *share) {
    cjpeg_bit_reader *reader = &share->reader;
    if (reader->stopped) {
        abandon_sync(share);  // at the data's end the byte count no longer maps to positions
        return;
    }
    if (!share->have_helper_start) {
        if (reader->next < share->helper_start) return;
        // Bytes loaded so far, less those at or after the helper's start: the data before it.
        share->helper_start_position = (reader->loaded - cjpeg_data_bytes(share->helper_start, reader->next)) * 8;
        share->have_helper_start = 1;
    }
    uint64_t position = cjpeg_bit_reader_position(reader);
    if (position < share->helper_start_position) return;
    uint64_t relative = position - share->helper_start_position;
    for (;;) {
        uint32_t known = wait_for_records(share, share->next_point + 1);
        if (known > SYNC_POINTS) known = SYNC_POINTS;
        while (share->next_point < known && share->points[share->next_point].position < relative) share->next_point++;
        if (share->next_point < known) {
            const sync_point *point = &share->points[share->next_point];
            if (point->position != relative) return;  // the helper jumped over this boundary
            share->copying = 1;
            share->helper_mcu = share->next_point;
            share->helper_offset = point->offset;
            share->sync_helper_mcu = share->next_point;
            share->sync_mcu = share->next_mcu;
            memcpy(share->sync_predictors, share->predictors, sizeof share->sync_predictors);
            atomic_store_explicit(&share->synced, 1, memory_order_release);
            return;
        }
        if (known == SYNC_POINTS || atomic_load(&share->helper_stopped)) {
            abandon_sync(share);
            return;
        }
    }
}

/// Gives the pages of records already copied back to the system, a few at
/// a time: the records then never hold more than the helper's lead.
static void release_copied_records(cjpeg_entropy_share *share) {
    size_t copied = share->helper_offset & ~(RELEASE_STEP - 1);
    if (copied <= share->released) return;
    madvise(share->records + share->released, copied - share->released, MADV_DONTNEED);
    share->released = copied;
}

/// Copies the helper's next record into `blocks`; when the helper stopped
/// for want of room, takes over its reader instead (copying ends).
static void copy_helper_record(j_decompress_ptr info, cjpeg_entropy_share *share, JBLOCKROW *blocks) {
    if (wait_for_records(share, share->helper_mcu + 1) <= share->helper_mcu) {
        if (!share->helper_full) give_up(info, "the data ends early");
        share->reader = share->helper_reader;
        share->reader_origin = share->helper_start_position;
        share->copying = 0;
        // Done with the helper: its reader's positions count from its start,
        // and matched against its sync points they could make a boundary up.
        share->sync_over = 1;
        return;
    }
    const uint8_t *record = share->records + share->helper_offset;
    size_t length = record[0] == CJPEG_MCU_OK
        ? cjpeg_expand_mcu_record(record + 1, &share->layout, share->predictors, blocks) : 0;
    if (length == 0) give_up(info, "corrupt data");
    share->helper_offset += 1 + length;
    share->helper_mcu++;
    share->copied_mcus++;
    release_copied_records(share);
}

/// After the last MCU: libjpeg's source is moved past the coded data, as
/// its own decoder leaves it, so that it reads the markers after it (and a
/// damage check reads on to the end). Whole bytes left over after the last
/// code are damage libjpeg warns about ("extraneous bytes"): that file is
/// left to libjpeg, which says it in its own words.
static void finish_shared_data(j_decompress_ptr info, cjpeg_entropy_share *share) {
    uint64_t used;
    if (share->copying) {
        // Stopped, the helper's last ends hold still (records_done counts
        // them all); the last record taken is among them.
        stop_helper(share);
        uint32_t last = share->helper_mcu - 1;
        if (atomic_load(&share->records_done) - last > HELPER_ENDS_KEPT)
            give_up(info, "the helper decoded on past the data's end");
        used = share->helper_start_position + share->helper_ends[last % HELPER_ENDS_KEPT];
    } else {
        used = share->reader_origin + cjpeg_bit_reader_position(&share->reader);
    }
    const uint8_t *data = info->src->next_input_byte;
    if (share->data_bytes > (used + 7) / 8) give_up(info, "data after the last block");
    info->src->bytes_in_buffer -= (size_t)(share->data_end - data);
    info->src->next_input_byte = share->data_end;
}

/// libjpeg's decode_mcu, replaced.
static boolean decode_shared_mcu(j_decompress_ptr info, JBLOCKROW *blocks) {
    cjpeg_entropy_share *share = ((cjpeg_decoder *)info->client_data)->share;
    // Blocks libjpeg will not inverse-transform are decoded and dropped. The
    // columns are read each time: they change (cjpeg_decoder_limit_columns,
    // then cjpeg_columns_drop_all for the rows read only for damage).
    uint32_t column = share->next_mcu % share->mcus_per_row;
    JBLOCKROW *target = column >= info->master->first_iMCU_col && column <= info->master->last_iMCU_col ? blocks : NULL;
    if (!share->copying && !share->sync_over) look_for_common_boundary(share);
    if (share->copying) copy_helper_record(info, share, target);
    if (!share->copying &&
        cjpeg_decode_mcu_blocks(&share->reader, &share->layout, share->predictors, target) != CJPEG_MCU_OK)
        give_up(info, "corrupt data");
    share->next_mcu++;
    if (share->next_mcu == share->total_mcus) finish_shared_data(info, share);
    return TRUE;
}

/// libjpeg's decode_mcu for a file with restart markers, replaced: libjpeg-turbo
/// turns its fast Huffman path off for such a file.
/// Whether this file's data is one baseline Huffman scan our decoder reads, none of it read yet.
static int is_one_baseline_scan(const struct jpeg_decompress_struct *info) {
    return !info->progressive_mode && !info->arith_code && !info->inputctl->has_multiple_scans
        && info->data_precision == 8
        && info->comps_in_scan == info->num_components && info->blocks_in_MCU <= D_MAX_BLOCKS_IN_MCU
        && info->Ss == 0 && info->Se == DCTSIZE2 - 1 && info->Ah == 0 && info->Al == 0
        && info->output_scanline == 0;
}

/// The AC coefficients (natural order, bit i for index i) that libjpeg's
/// inverse DCT reads for a block of `scaled_size`² samples. The reduced
/// ones (jidctred.c, and its SIMD versions, which compute the same) skip
/// some rows and columns of the block: 1x1 reads the DC alone, 2x2 rows and
/// columns 0, 1, 3, 5 and 7, 4x4 all but row and column 4. The helper
/// records no other: at 1/4 scale half the coefficients of a photo are
/// decoded and dropped, not written and read again.
static uint64_t coefficients_read(int scaled_size) {
    unsigned lines = scaled_size == 1 ? 0x01 : scaled_size == 2 ? 0xAB : scaled_size == 4 ? 0xEF : 0xFF;
    uint64_t read = 0;
    for (int row = 0; row < DCTSIZE; row++)
        for (int column = 0; column < DCTSIZE; column++)
            if ((lines >> row & 1) && (lines >> column & 1)) read |= 1ull << (row * DCTSIZE + column);
    return read & ~1ull;  // the DC is recorded apart
}

/// Tables and MCU layout; -1 when a table is missing or invalid.
static int prepare_tables(const struct jpeg_decompress_struct *info, cjpeg_entropy_share *share) {
    share->layout.blocks = info->blocks_in_MCU;
    for (int b = 0; b < info->blocks_in_MCU; b++) {
        int c = info->MCU_membership[b];
        const jpeg_component_info *component = info->cur_comp_info[c];
        int dc = component->dc_tbl_no, ac = component->ac_tbl_no;
        if (dc < 0 || dc >= NUM_HUFF_TBLS || ac < 0 || ac >= NUM_HUFF_TBLS
            || !info->dc_huff_tbl_ptrs[dc] || !info->ac_huff_tbl_ptrs[ac]
            || cjpeg_huffman_build(info->dc_huff_tbl_ptrs[dc], 0, &share->dc[dc]) != 0
            || cjpeg_huffman_build(info->ac_huff_tbl_ptrs[ac], 1, &share->ac[ac]) != 0)
            return -1;
        share->layout.dc[b] = &share->dc[dc];
        share->layout.ac[b] = &share->ac[ac];
        share->layout.component[b] = c;
        share->layout.recorded[b] = coefficients_read(component->DCT_scaled_size);
    }
    return 0;
}

int cjpeg_decoder_share_entropy(cjpeg_decoder *decoder, size_t min_data_bytes, size_t record_capacity) {
    struct jpeg_decompress_struct *info = &decoder->info;
    if (!cjpeg_own_paths_usable(NULL) || !decoder->created || decoder->share || !info->master || !info->entropy || !is_one_baseline_scan(info) || info->restart_interval != 0
        || info->src->bytes_in_buffer < min_data_bytes || record_capacity == 0)
        return 0;
    cjpeg_entropy_share *share = new_share();
    if (!share) return 0;
    if (prepare_tables(info, share) != 0) {
        free(share);
        return 0;
    }
    // Reserved, not committed: only the pages the helper writes count.
    share->record_capacity = record_capacity;
    share->records = mmap(NULL, record_capacity, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    share->total_mcus = info->MCUs_per_row * info->MCU_rows_in_scan;
    if (share->records == MAP_FAILED) {
        free(share);
        return 0;
    }
    // The coded data runs to the first marker (what follows, such as a
    // phone's second picture after EOI, is not to be split).
    const uint8_t *data = info->src->next_input_byte;
    share->data_end = cjpeg_coded_data_end(data, data + info->src->bytes_in_buffer, &share->data_bytes);
    // This thread also runs the inverse DCT of every MCU, so the helper takes
    // most of the data (HELPER_SHARE_PERCENT); never from the byte after an
    // 0xFF (a stuffed zero).
    const uint8_t *start = data + (share->data_end - data) * HELPER_SHARE_PERCENT / 100;
    while (start > data && start < share->data_end && start[-1] == 0xFF) start++;
    share->helper_start = start;
    share->mcus_per_row = info->MCUs_per_row;
    cjpeg_bit_reader_init(&share->reader, data, share->data_end);
    pthread_mutex_init(&share->lock, NULL);
    pthread_cond_init(&share->progress, NULL);
    if (pthread_create(&share->thread, NULL, run_helper, share) != 0) {
        munmap(share->records, share->record_capacity);
        free(share);
        return 0;
    }
    share->has_helper = 1;
    decoder->share = share;
    info->entropy->decode_mcu = decode_shared_mcu;
    return 1;
}

int cjpeg_decoder_hand_over(cjpeg_decoder *decoder, unsigned lower_mcu_row, unsigned upper_mcu_rows) {
    cjpeg_entropy_share *share = decoder->share;
    if (!share || !share->has_helper || share->handover_mcu || share->next_mcu != 0) return 0;
    uint64_t handover = (uint64_t)lower_mcu_row * share->mcus_per_row;
    uint64_t until = (uint64_t)upper_mcu_rows * share->mcus_per_row;
    if (lower_mcu_row == 0 || handover >= share->total_mcus || until < handover || until > share->total_mcus) return 0;
    share->handover_mcu = (uint32_t)handover;
    share->record_until_mcu = (uint32_t)until;
    return 1;
}

int cjpeg_decoder_after_helper(cjpeg_decoder *decoder, void (*run)(void *), void *context) {
    cjpeg_entropy_share *share = decoder->share;
    if (!share || !share->has_helper) return 0;
    pthread_mutex_lock(&share->lock);
    int will_run = !share->helper_done && !share->after;
    if (will_run) {
        share->after = run;
        share->after_context = context;
    }
    pthread_mutex_unlock(&share->lock);
    return will_run;
}

int cjpeg_decoder_lower_strip_handed_over(cjpeg_decoder *decoder) {
    cjpeg_entropy_share *share = decoder->share;
    if (!share || !share->handover_mcu) return 0;
    announce_handover(share, HANDOVER_PENDING, HANDOVER_REFUSED);
    return settled_handover(share, 0) == HANDOVER_READY;
}

/// The lower strip's decode_mcu: dense decoding from the helper's reader.
static boolean decode_handed_over_mcu(j_decompress_ptr info, JBLOCKROW *blocks) {
    cjpeg_entropy_share *share = ((cjpeg_decoder *)info->client_data)->share;
    uint32_t column = share->next_mcu % share->mcus_per_row;
    JBLOCKROW *target = column >= info->master->first_iMCU_col && column <= info->master->last_iMCU_col ? blocks : NULL;
    if (cjpeg_decode_mcu_blocks(&share->reader, &share->layout, share->predictors, target) != CJPEG_MCU_OK)
        give_up(info, "corrupt data");
    share->next_mcu++;
    // The coded data ends with the last MCU, as finish_shared_data checks for one decoder.
    if (share->next_mcu == share->total_mcus && share->data_bytes > (cjpeg_bit_reader_position(&share->reader) + 7) / 8)
        give_up(info, "data after the last block");
    return TRUE;
}

int cjpeg_decoder_take_handover(cjpeg_decoder *lower, cjpeg_decoder *upper) {
    cjpeg_entropy_share *from = upper->share;
    struct jpeg_decompress_struct *info = &lower->info;
    if (!from || !from->handover_mcu || settled_handover(from, 1) != HANDOVER_READY) return 0;
    // The lower strip is this decoder's now, or nobody's: anything amiss gives up.
    if (!cjpeg_own_paths_usable(NULL) || !lower->created || lower->share || !info->master || !info->entropy
        || !is_one_baseline_scan(info) || info->restart_interval != 0
        || info->MCUs_per_row != from->mcus_per_row
        || (uint64_t)info->MCUs_per_row * info->MCU_rows_in_scan != from->total_mcus - from->handover_mcu)
        return -1;
    cjpeg_entropy_share *share = new_share();
    if (!share) return -1;
    if (prepare_tables(info, share) != 0) {
        free(share);
        return -1;
    }
    share->reader = from->handover_reader;
    memcpy(share->predictors, from->handover_predictors, sizeof share->predictors);
    share->total_mcus = info->MCUs_per_row * info->MCU_rows_in_scan;
    share->mcus_per_row = info->MCUs_per_row;
    // The reader started at the helper's first byte: the data from there is the end check's measure.
    share->data_bytes = from->data_bytes - from->helper_start_position / 8;
    lower->share = share;
    info->entropy->decode_mcu = decode_handed_over_mcu;
    return 1;
}

static boolean decode_restart_mcu(j_decompress_ptr info, JBLOCKROW *blocks) {
    cjpeg_entropy_share *share = ((cjpeg_decoder *)info->client_data)->share;
    if (share->restarts_to_go == 0) {
        uint64_t bytes;
        const uint8_t *marker = cjpeg_coded_data_end(share->interval_start, share->data_end, &bytes);
        if (bytes > (cjpeg_bit_reader_position(&share->reader) + 7) / 8) give_up(info, "data after an interval's last block");
        const uint8_t *m = marker;
        while (m < share->data_end && *m == 0xFF) m++;
        if (m >= share->data_end || *m != 0xD0 + share->next_restart) give_up(info, "a restart marker out of place");
        share->next_restart = (share->next_restart + 1) & 7;
        share->interval_start = m + 1;
        cjpeg_bit_reader_init(&share->reader, share->interval_start, share->data_end);
        memset(share->predictors, 0, sizeof share->predictors);
        share->restarts_to_go = info->restart_interval;
    }
    uint32_t column = share->next_mcu % share->mcus_per_row;
    JBLOCKROW *target = column >= info->master->first_iMCU_col && column <= info->master->last_iMCU_col ? blocks : NULL;
    if (cjpeg_decode_mcu_blocks(&share->reader, &share->layout, share->predictors, target) != CJPEG_MCU_OK)
        give_up(info, "corrupt data");
    share->restarts_to_go--;
    share->next_mcu++;
    if (share->next_mcu == share->total_mcus) {
        uint64_t bytes;
        const uint8_t *end = cjpeg_coded_data_end(share->interval_start, share->data_end, &bytes);
        if (bytes > (cjpeg_bit_reader_position(&share->reader) + 7) / 8) give_up(info, "data after the last block");
        info->src->bytes_in_buffer -= (size_t)(end - info->src->next_input_byte);
        info->src->next_input_byte = end;
    }
    return TRUE;
}

int cjpeg_decoder_decode_restarts(cjpeg_decoder *decoder) {
    struct jpeg_decompress_struct *info = &decoder->info;
    if (!cjpeg_own_paths_usable(NULL) || !decoder->created || decoder->share || !info->master || !info->entropy)
        return 0;
    if (!is_one_baseline_scan(info) || info->restart_interval == 0) return 0;
    cjpeg_entropy_share *share = new_share();
    if (!share) return 0;
    if (prepare_tables(info, share) != 0) {
        free(share);
        return 0;
    }
    share->total_mcus = info->MCUs_per_row * info->MCU_rows_in_scan;
    share->mcus_per_row = info->MCUs_per_row;
    share->interval_start = info->src->next_input_byte;
    share->data_end = info->src->next_input_byte + info->src->bytes_in_buffer;
    share->restarts_to_go = info->restart_interval;
    cjpeg_bit_reader_init(&share->reader, share->interval_start, share->data_end);
    decoder->share = share;
    info->entropy->decode_mcu = decode_restart_mcu;
    return 1;
}

void cjpeg_entropy_share_end(cjpeg_entropy_share *share) {
    if (!share) return;
    if (!share->has_helper) {
        free(share);
        return;
    }
    stop_helper(share);
    pthread_mutex_destroy(&share->lock);
    pthread_cond_destroy(&share->progress);
    munmap(share->records, share->record_capacity);
    free(share);
}

unsigned long cjpeg_decoder_shared_mcus(const cjpeg_decoder *decoder) {
    return decoder->share ? decoder->share->copied_mcus : 0;
}

#else  // built without our own paths: libjpeg decodes alone.

int cjpeg_decoder_hand_over(cjpeg_decoder *decoder, unsigned lower_mcu_row, unsigned upper_mcu_rows) {
    (void)decoder; (void)lower_mcu_row; (void)upper_mcu_rows;
    return 0;
}

int cjpeg_decoder_lower_strip_handed_over(cjpeg_decoder *decoder) {
    (void)decoder;
    return 0;
}

int cjpeg_decoder_after_helper(cjpeg_decoder *decoder, void (*run)(void *), void *context) {
    (void)decoder; (void)run; (void)context;
    return 0;
}

int cjpeg_decoder_take_handover(cjpeg_decoder *lower, cjpeg_decoder *upper) {
    (void)lower; (void)upper;
    return 0;
}

int cjpeg_decoder_share_entropy(cjpeg_decoder *decoder, size_t min_data_bytes, size_t record_capacity) {
    (void)decoder; (void)min_data_bytes; (void)record_capacity;
    return 0;
}

int cjpeg_decoder_decode_restarts(cjpeg_decoder *decoder) {
    (void)decoder;
    return 0;
}

void cjpeg_entropy_share_end(cjpeg_entropy_share *share) { (void)share; }

unsigned long cjpeg_decoder_shared_mcus(const cjpeg_decoder *decoder) {
    (void)decoder;
    return 0;
}

#endif
