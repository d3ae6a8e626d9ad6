// Baseline Huffman decoding (see cjpeg_huffman.h). The layout follows
// ITU T.81 annex F; speed comes from a 64-bit bit buffer refilled 8 bytes at
// a time when they hold no 0xFF, and from tables that decode a short code
// and the value bits after it in one lookup.
//
// Fenced with its one user, cjpeg_entropy_share.c (see cjpeg_private.h): its
// bit reader assumes a little-endian machine.
#include "cjpeg_private.h"
#if CJPEG_OWN_PATHS
#include "cjpeg_huffman.h"
#include <string.h>

/// Natural (row-major) index of each zig-zag position (T.81 figure A.6).
static const uint8_t natural_order[64] = {
    0,  1,  8,  16, 9,  2,  3,  10, 17, 24, 32, 25, 18, 11, 4,  5,
    12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6,  7,  14, 21, 28,
    35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
    58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
};

/// Larger DC predictors are an anomaly (see decode_block).
#define PREDICTOR_LIMIT (1u << 28)

/// In a record, marks an index whose value takes two bytes, not one.
#define RECORD_WIDE 0x80

/// The signed value of `bits`, `size` bits of a coefficient (T.81 F.2.2.1, EXTEND).
static inline int extend(int bits, int size) {
    return bits < (1 << (size - 1)) ? bits - (1 << size) + 1 : bits;
}

int cjpeg_huffman_build(const JHUFF_TBL *table, int ac, cjpeg_huffman_table *out) {
    memset(out, 0, sizeof *out);
    int total = 0;
    for (int length = 1; length <= 16; length++) total += table->bits[length];
    if (total > 256) return -1;
    memcpy(out->symbols, table->huffval, (size_t)total);
    if (!ac) {
        for (int i = 0; i < total; i++)
            if (out->symbols[i] > 15) return -1;
    }
    // Canonical codes: consecutive within a length, doubled at each longer length.
    uint32_t code = 0;
    int index = 0;
    for (int length = 1; length <= 16; length++) {
        int count = table->bits[length];
        out->symbol_offset[length] = index - (int32_t)code;
        out->max_code[length] = count ? (int32_t)(code + (uint32_t)count - 1) : -1;
        for (int i = 0; i < count && length <= CJPEG_LOOKUP_BITS; i++) {
            uint8_t symbol = out->symbols[index + i];
            int size = symbol & 15, spare = CJPEG_LOOKUP_BITS - length;
            for (int fill = 0; fill < 1 << spare; fill++) {
                cjpeg_huffman_entry *entry = &out->fast[((code + (uint32_t)i) << spare) | (uint32_t)fill];
                entry->symbol = symbol;
                entry->length = (uint8_t)length;
                if (size == 0 && !ac) {  // a DC difference of 0
                    entry->length |= CJPEG_ENTRY_VALUE;
                } else if (size > 0 && size <= spare) {
                    entry->value = (int16_t)extend((fill >> (spare - size)) & ((1 << size) - 1), size);
                    entry->length = (uint8_t)((length + size) | CJPEG_ENTRY_VALUE);
                }
            }
        }
        index += count;
        code += (uint32_t)count;
        // As libjpeg: no code may be all ones.
        if (code >= (1u << length)) return -1;
        code <<= 1;
    }
    out->max_code[17] = INT32_MAX;
    return 0;
}

void cjpeg_bit_reader_init(cjpeg_bit_reader *reader, const uint8_t *start, const uint8_t *end) {
    memset(reader, 0, sizeof *reader);
    reader->next = start;
    reader->end = end;
}

uint64_t cjpeg_data_bytes(const uint8_t *start, const uint8_t *end) {
    uint64_t count = 0;
    const uint8_t *p = start;
    while (p < end) {
        const uint8_t *ff = memchr(p, 0xFF, (size_t)(end - p));
        if (!ff) return count + (uint64_t)(end - p);
        count += (uint64_t)(ff - p) + 1;
        p = ff + 1;
        while (p < end && *p == 0xFF) p++;
        if (p < end) p++;  // the stuffed zero (a marker cannot be here: callers stay inside the data)
    }
    return count;
}

const uint8_t *cjpeg_coded_data_end(const uint8_t *start, const uint8_t *end, uint64_t *data_bytes) {
    const uint8_t *p = start;
    uint64_t count = 0;
    while (p < end) {
        const uint8_t *ff = memchr(p, 0xFF, (size_t)(end - p));
        if (!ff) {
            count += (uint64_t)(end - p);
            break;
        }
        count += (uint64_t)(ff - p);
        p = ff + 1;
        while (p < end && *p == 0xFF) p++;
        if (p < end && *p != 0) {
            *data_bytes = count;
            return ff;
        }
        count++;  // an 0xFF, with its fill bytes and stuffed zero, is one data byte
        p++;
    }
    *data_bytes = count;
    return end;
}

/// The data ends here (a marker, or the end of the bytes): zeros from now on.
static void stop_reading(cjpeg_bit_reader *reader) {
    if (reader->stopped) return;
    reader->stopped = 1;
    reader->real_bytes = reader->loaded;
    reader->end = reader->next;
}

/// One byte at a time, for the bytes near an 0xFF or the end. The reader
/// goes in and out by value: its address never escapes the decoding loops,
/// so they keep it in registers (see cjpeg_decode_mcu_record).
static cjpeg_bit_reader filled_slowly(cjpeg_bit_reader state) {
    cjpeg_bit_reader *reader = &state;
    while (reader->count <= 56) {
        unsigned byte = 0;
        if (reader->next < reader->end) {
            byte = *reader->next;
            if (byte == 0xFF) {
                // 0xFF 0x00 is a data 0xFF (fill 0xFFs may come first); anything else is a marker.
                const uint8_t *after = reader->next + 1;
                while (after < reader->end && *after == 0xFF) after++;
                if (after < reader->end && *after == 0) {
                    reader->next = after + 1;
                } else {
                    stop_reading(reader);
                    byte = 0;
                }
            } else {
                reader->next++;
            }
        } else {
            stop_reading(reader);
        }
        reader->bits |= (uint64_t)byte << (56 - reader->count);
        reader->count += 8;
        reader->loaded++;
    }
    return state;
}

/// Makes at least 57 bits available.
static inline void fill(cjpeg_bit_reader *reader) {
    if (reader->count > 56) return;
    if (reader->end - reader->next >= 8) {
        uint64_t word;
        memcpy(&word, reader->next, 8);
        word = __builtin_bswap64(word);
        // No byte is 0xFF: take as many whole bytes as fit, no unstuffing needed.
        if (!((~word - 0x0101010101010101ull) & word & 0x8080808080808080ull)) {
            int take = (63 - reader->count) >> 3;
            int kept = reader->count + take * 8;
            reader->bits |= (word >> reader->count) & ~(~0ull >> kept);
            reader->count = kept;
            reader->next += take;
            reader->loaded += (uint64_t)take;
            return;
        }
    }
    *reader = filled_slowly(*reader);
}

static inline unsigned peek(const cjpeg_bit_reader *reader, int bits) {
    return (unsigned)(reader->bits >> (64 - bits));
}

static inline void consume(cjpeg_bit_reader *reader, int bits) {
    reader->bits <<= bits;
    reader->count -= bits;
}

/// A code longer than the lookup table's; -1 when no code matches (16 bits available).
static inline int decode_long_code(cjpeg_bit_reader *reader, const cjpeg_huffman_table *table) {
    for (int length = CJPEG_LOOKUP_BITS + 1; length <= 16; length++) {
        int32_t code = (int32_t)peek(reader, length);
        if (code <= table->max_code[length]) {
            consume(reader, length);
            return table->symbols[(code + table->symbol_offset[length]) & 0xFF];
        }
    }
    return -1;
}

/// The next symbol, or -1 for a code no table entry has (nothing consumed then).
static inline int decode_symbol(cjpeg_bit_reader *reader, const cjpeg_huffman_table *table,
                                cjpeg_huffman_entry entry) {
    if (entry.length) {
        consume(reader, entry.length);
        return entry.symbol;
    }
    return decode_long_code(reader, table);
}

/// `size` value bits as a coefficient.
static inline int read_value(cjpeg_bit_reader *reader, int size) {
    int bits = (int)peek(reader, size);
    consume(reader, size);
    return extend(bits, size);
}

/// Writes a record value at `out`: one byte when it fits an int8 (most do),
/// else two. Returns how many; the caller flags two with RECORD_WIDE.
static inline int put_record_value(uint8_t *out, int value) {
    if (value >= -128 && value <= 127) {
        out[0] = (uint8_t)(int8_t)value;
        return 1;
    }
    int16_t wide = (int16_t)value;
    memcpy(out, &wide, 2);
    return 2;
}

/// Reads the value put_record_value wrote at `in` (`wide`: its two-byte form). Returns the bytes read.
static inline int take_record_value(const uint8_t *in, int wide, int *value) {
    if (!wide) {
        *value = (int8_t)in[0];
        return 1;
    }
    int16_t stored;
    memcpy(&stored, in, 2);
    *value = stored;
    return 2;
}

/// Past `count` AC items of a record: two bytes each, three when wide. One
/// item at a time is a chain of dependent loads, which made skipping (the
/// rows below a square, read for damage) about as slow as copying; so four
/// go at once while none of them is wide (their index bytes are then the
/// even bytes of a little-endian word).
static inline const uint8_t *skip_record_items(const uint8_t *p, int count) {
    const uint64_t wide_flags = 0x0080008000800080ull;
    while (count >= 4) {
        uint64_t four;
        memcpy(&four, p, sizeof four);
        if (four & wide_flags) {
            p += p[0] & RECORD_WIDE ? 3 : 2;
            count--;
        } else {
            p += 8;
            count -= 4;
        }
    }
    for (; count > 0; count--) p += p[0] & RECORD_WIDE ? 3 : 2;
    return p;
}

/// Real DC values stay within ±2^11. libjpeg fails a file whose predictor
/// overflows; one past this bound is left to libjpeg.
static inline int predictor_in_bounds(int32_t predictor) {
    return (uint32_t)predictor + PREDICTOR_LIMIT <= 2 * PREDICTOR_LIMIT;
}

/// Decodes one block. Coefficients go to `dense` (natural order, the DC
/// value from `*predictor`, which is updated) when it is not NULL, else to
/// `*record` (the DC difference and the AC coefficients in `recorded`; the
/// difference is added to `*predictor`, a running sum there) when that is not NULL.
/// Returns CJPEG_MCU_ANOMALY at a code no table has, a run past the block's
/// end or a predictor out of bounds; in record mode it then ends the block
/// there and goes on.
static inline __attribute__((always_inline)) int
decode_block(cjpeg_bit_reader *reader, const cjpeg_huffman_table *dc, const cjpeg_huffman_table *ac, int32_t *predictor,
             JCOEF *dense, uint8_t **record, uint64_t recorded) {
    fill(reader);
    int status = CJPEG_MCU_OK, difference;
    cjpeg_huffman_entry entry = dc->fast[peek(reader, CJPEG_LOOKUP_BITS)];
    if (entry.length & CJPEG_ENTRY_VALUE) {
        consume(reader, entry.length & ~CJPEG_ENTRY_VALUE);
        difference = entry.value;
    } else {
        int size = decode_symbol(reader, dc, entry);
        if (size < 0) {
            status = CJPEG_MCU_ANOMALY;
            if (!record) return status;
            consume(reader, 1);
            size = 0;
        }
        difference = size ? read_value(reader, size) : 0;
    }
    uint8_t *head = NULL, *item = NULL;
    // Counted here, added to the head byte once: through memory, each
    // coefficient's count waited on the last one's store.
    int kept_count = 0;
    // Unsigned: a crafted file's predictor (or sum) must not overflow into undefined behaviour.
    *predictor = (int32_t)((uint32_t)*predictor + (uint32_t)difference);
    if (record) {
        // Head byte: the AC count, and whether the difference takes two bytes.
        head = *record;
        int bytes = put_record_value(head + 1, difference);
        *head = bytes == 2 ? RECORD_WIDE : 0;
        item = head + 1 + bytes;
    } else {
        if (!predictor_in_bounds(*predictor)) return CJPEG_MCU_ANOMALY;
        if (dense) dense[0] = (JCOEF)*predictor;
    }
    for (int k = 1; k < 64;) {
        if (reader->count < 31) fill(reader);
        entry = ac->fast[peek(reader, CJPEG_LOOKUP_BITS)];
        int run, value;
        if (entry.length & CJPEG_ENTRY_VALUE) {
            consume(reader, entry.length & ~CJPEG_ENTRY_VALUE);
            run = entry.symbol >> 4;
            value = entry.value;
        } else {
            int symbol = decode_symbol(reader, ac, entry);
            if (symbol < 0) {
                status = CJPEG_MCU_ANOMALY;
                if (!record) return status;
                consume(reader, 1);
                break;
            }
            run = symbol >> 4;
            int size = symbol & 15;
            if (size == 0) {
                if (run != 15) break;  // end of block
                k += 16;
                continue;
            }
            value = read_value(reader, size);
        }
        k += run;
        if (k > 63) {
            status = CJPEG_MCU_ANOMALY;
            if (!record) return status;
            break;
        }
        if (dense) {
            dense[natural_order[k]] = (JCOEF)value;
        } else if (record) {
            // Written always and kept or overwritten: which coefficients a
            // block keeps follows no pattern a branch would predict.
            // The index's top bit says when the value takes two bytes.
            int bytes = put_record_value(item + 1, value);
            item[0] = natural_order[k] | (bytes == 2 ? RECORD_WIDE : 0);
            int kept = (int)(recorded >> natural_order[k] & 1);
            item += kept * (1 + bytes);
            kept_count += kept;
        }
        k++;
    }
    if (record) {
        *head += (uint8_t)kept_count;
        *record = item;
    }
    return status;
}

int cjpeg_decode_mcu_blocks(cjpeg_bit_reader *reader, const cjpeg_mcu_layout *layout, int32_t *predictors,
                            JBLOCKROW *blocks) {
    cjpeg_bit_reader local = *reader;  // in registers, as in cjpeg_decode_mcu_record
    int status = CJPEG_MCU_OK;
    for (int b = 0; b < layout->blocks && status == CJPEG_MCU_OK; b++) {
        int32_t *predictor = &predictors[layout->component[b]];
        status = blocks
            ? decode_block(&local, layout->dc[b], layout->ac[b], predictor, blocks[b][0], NULL, 0)
            : decode_block(&local, layout->dc[b], layout->ac[b], predictor, NULL, NULL, 0);
    }
    if (status == CJPEG_MCU_OK && cjpeg_bit_reader_overran(&local)) status = CJPEG_MCU_ANOMALY;
    *reader = local;
    return status;
}

size_t cjpeg_decode_mcu_record(cjpeg_bit_reader *reader, const cjpeg_mcu_layout *layout, int32_t *difference_sums,
                               uint8_t *out, int *status) {
    // A copy of the reader, in registers: through the pointer, every byte
    // the record stores might have changed it (a byte may alias anything),
    // so each code's bits were stored and loaded again.
    cjpeg_bit_reader local = *reader;
    uint8_t *end = out;
    *status = CJPEG_MCU_OK;
    for (int b = 0; b < layout->blocks; b++) {
        if (decode_block(&local, layout->dc[b], layout->ac[b], &difference_sums[layout->component[b]], NULL, &end,
                         layout->recorded[b]))
            *status = CJPEG_MCU_ANOMALY;
    }
    if (cjpeg_bit_reader_overran(&local)) *status = CJPEG_MCU_ANOMALY;
    *reader = local;
    return (size_t)(end - out);
}

size_t cjpeg_expand_mcu_record(const uint8_t *record, const cjpeg_mcu_layout *layout, int32_t *predictors,
                               JBLOCKROW *blocks) {
    const uint8_t *p = record;
    for (int b = 0; b < layout->blocks; b++) {
        int count = p[0] & 63, difference;
        p += 1 + take_record_value(p + 1, p[0] & RECORD_WIDE, &difference);
        int32_t *predictor = &predictors[layout->component[b]];
        *predictor = (int32_t)((uint32_t)*predictor + (uint32_t)difference);
        if (!predictor_in_bounds(*predictor)) return 0;
        if (!blocks) {
            p = skip_record_items(p, count);
            continue;
        }
        JCOEF *block = blocks[b][0];
        block[0] = (JCOEF)*predictor;
        for (int i = 0; i < count; i++) {
            int value, index = p[0] & 63;
            p += 1 + take_record_value(p + 1, p[0] & RECORD_WIDE, &value);
            block[index] = (JCOEF)value;
        }
    }
    return (size_t)(p - record);
}

#endif  // CJPEG_OWN_PATHS
