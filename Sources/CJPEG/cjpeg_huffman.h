// Our own decoder for the entropy-coded data of a baseline (Huffman,
// sequential, one scan, no restart markers) JPEG. libjpeg's cannot start in
// the middle of the data, which is what decoding one file on two cores needs
// (see cjpeg_entropy_share.c). For valid data it gives exactly libjpeg's
// coefficients; anything libjpeg would warn about or treat specially is
// reported as an anomaly instead, and the caller leaves that file to libjpeg.
#pragma once
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <jpeglib.h>

/// Codes up to this long are decoded by one table lookup.
#define CJPEG_LOOKUP_BITS 10

/// One lookup-table entry: a code of at most CJPEG_LOOKUP_BITS bits, and for
/// short enough codes also the coefficient's value bits that follow it.
typedef struct {
    /// The coefficient (only when `length` has CJPEG_ENTRY_VALUE).
    int16_t value;
    /// run << 4 | size, as in the file's table.
    uint8_t symbol;
    /// Bits to consume; 0: the code is longer (slow path).
    uint8_t length;
} cjpeg_huffman_entry;

/// Set in an entry's `length` when `value` is decoded and its bits are counted.
#define CJPEG_ENTRY_VALUE 0x80

typedef struct {
    cjpeg_huffman_entry fast[1 << CJPEG_LOOKUP_BITS];
    /// Canonical decoding of longer codes: the largest code of each length
    /// (-1: none; [17] a sentinel), and what to add to a code of that length
    /// to get its index in `symbols`.
    int32_t max_code[18];
    int32_t symbol_offset[17];
    uint8_t symbols[256];
} cjpeg_huffman_table;

/// Reads the entropy-coded bytes MSB first, removing stuffed zero bytes.
/// At a marker (or the end of the data) it feeds zero bits, as libjpeg
/// does, and remembers how many real bits there were.
typedef struct {
    const uint8_t *next;
    const uint8_t *end;
    /// Unconsumed bits, left-aligned; the bits below `count` are zero.
    uint64_t bits;
    int count;
    /// Bytes put into `bits` so far (a stuffed pair counts once), made-up zero bytes included.
    uint64_t loaded;
    /// Once a marker or the end stops the data: how many bytes were real.
    uint64_t real_bytes;
    int stopped;
} cjpeg_bit_reader;

/// What decoding an MCU found besides coefficients.
enum {
    CJPEG_MCU_OK = 0,
    /// A code no table has, a run past the block's end, or bits read past the data's end.
    CJPEG_MCU_ANOMALY = 1,
};

/// Builds the decoding tables of `table` (ac: for AC coefficients). Returns
/// 0, or -1 when the table is not a valid Huffman table.
int cjpeg_huffman_build(const JHUFF_TBL *table, int ac, cjpeg_huffman_table *out);

/// A reader of the bytes [start, end) (the entropy-coded data, or its tail).
void cjpeg_bit_reader_init(cjpeg_bit_reader *reader, const uint8_t *start, const uint8_t *end);

/// Bits consumed since the reader's start (stuffing removed).
static inline uint64_t cjpeg_bit_reader_position(const cjpeg_bit_reader *reader) {
    return reader->loaded * 8 - (uint64_t)reader->count;
}

/// Whether more bits were consumed than the data holds (the stream was cut short).
static inline int cjpeg_bit_reader_overran(const cjpeg_bit_reader *reader) {
    return reader->stopped && cjpeg_bit_reader_position(reader) > reader->real_bytes * 8;
}

/// The data bytes in [start, end), a stuffed 0xFF 0x00 (with any fill
/// 0xFFs before it) counted once; `start` must not follow an 0xFF.
uint64_t cjpeg_data_bytes(const uint8_t *start, const uint8_t *end);

/// Where the entropy-coded data starting at `start` ends: its first marker, or
/// `end`. `*data_bytes` gets cjpeg_data_bytes of that data, found in the same pass.
const uint8_t *cjpeg_coded_data_end(const uint8_t *start, const uint8_t *end, uint64_t *data_bytes);

/// The layout of one MCU: its blocks' tables and components.
typedef struct {
    int blocks;
    const cjpeg_huffman_table *dc[D_MAX_BLOCKS_IN_MCU];
    const cjpeg_huffman_table *ac[D_MAX_BLOCKS_IN_MCU];
    /// Index into the DC predictors (the component's place in the scan).
    int component[D_MAX_BLOCKS_IN_MCU];
    /// The AC coefficients a record keeps, by natural-order index (bit i:
    /// index i): those the block's inverse DCT reads (see cjpeg_entropy_share.c).
    uint64_t recorded[D_MAX_BLOCKS_IN_MCU];
} cjpeg_mcu_layout;

/// Decodes one MCU into `blocks` (zeroed by the caller; NULL: decode and
/// drop), updating the DC predictors. Returns a CJPEG_MCU_ code.
int cjpeg_decode_mcu_blocks(cjpeg_bit_reader *reader, const cjpeg_mcu_layout *layout, int32_t *predictors,
                            JBLOCKROW *blocks);

/// Decodes one MCU into a compact record at `out`: per block a head byte
/// (the count of AC coefficients kept; top bit: the DC difference takes two
/// bytes), the DC difference (int8 or int16), then each nonzero AC
/// coefficient the layout records as its natural-order index (uint8) and
/// value (int8, or int16 when the index has its top bit set); the others are
/// decoded and dropped. The differences make the record independent of the
/// predictors, which a decoder started mid-stream does not know; each
/// difference is also added to its component's `difference_sums` (wrapping),
/// which give the predictors later, once one point's are known. Returns the
/// record's length; `*status` gets a CJPEG_MCU_ code. Never fails: after an
/// anomaly it goes on, as speculative decoding must (see cjpeg_entropy_share.c).
/// `out` must have room for cjpeg_mcu_record_limit(layout) bytes.
size_t cjpeg_decode_mcu_record(cjpeg_bit_reader *reader, const cjpeg_mcu_layout *layout, int32_t *difference_sums,
                               uint8_t *out, int *status);

/// The longest record an MCU can make.
static inline size_t cjpeg_mcu_record_limit(const cjpeg_mcu_layout *layout) {
    return (size_t)layout->blocks * (3 + 63 * 3);
}

/// Copies the record at `record` into `blocks` (zeroed by the caller; NULL:
/// skip it), the DC values from `predictors`, which are updated. Returns
/// its length, or 0 when a predictor leaves the bounds (an anomaly).
size_t cjpeg_expand_mcu_record(const uint8_t *record, const cjpeg_mcu_layout *layout, int32_t *predictors,
                               JBLOCKROW *blocks);
