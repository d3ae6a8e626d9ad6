#include "cpng.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CPNG16_MESSAGE_SIZE 200

// The chunks that say what the samples mean. They are read as unknown
// chunks, so libpng keeps their bytes and interprets none of them: it would
// otherwise report an sRGB chunk as gAMA and cHRM too, and write all three
// back. So the square's file says exactly what the photo's said. cICP,
// mDCv and cLLi are newer than libpng 1.6.39; 5 bytes a name, as libpng
// wants the list.
static const png_byte colour_chunks[] = "gAMA\0cHRM\0sRGB\0iCCP\0sBIT\0cICP\0mDCv\0cLLi";
static const int colour_chunk_count = (int)(sizeof colour_chunks / 5);

// libpng calls this and expects it not to return: the message is kept for
// Swift and the setjmp of the function that made the failing call takes over.
static void cpng16_error(png_structp png, png_const_charp text) {
    char *message = png_get_error_ptr(png);
    snprintf(message, CPNG16_MESSAGE_SIZE, "%s", text);
    png_longjmp(png, 1);
}

// Warnings are about ancillary chunks libpng drops (one out of place, or
// too large); the pixels are sound, as the simplified API also takes them.
static void cpng16_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

// PNG stores samples big-endian; Swift wants them as the host keeps them.
static int host_is_little_endian(void) {
    const uint16_t probe = 1;
    return *(const unsigned char *)&probe == 1;
}

struct cpng16_reader {
    png_structp png;
    png_infop info;
    const unsigned char *data;
    size_t size;
    size_t offset;
    int header_read;
    png_bytep *rows;
    char message[CPNG16_MESSAGE_SIZE];
};

static void read_from_memory(png_structp png, png_bytep out, size_t length) {
    cpng16_reader *reader = png_get_io_ptr(png);
    if (length > reader->size - reader->offset) png_error(png, "the file is cut short");
    memcpy(out, reader->data + reader->offset, length);
    reader->offset += length;
}

cpng16_reader *cpng16_reader_create(const unsigned char *data, size_t size) {
    cpng16_reader *reader = calloc(1, sizeof *reader);
    if (!reader) return NULL;
    reader->data = data;
    reader->size = size;
    reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, reader->message, cpng16_error, cpng16_warning);
    if (reader->png) reader->info = png_create_info_struct(reader->png);
    if (!reader->info) {
        cpng16_reader_destroy(reader);
        return NULL;
    }
    png_set_read_fn(reader->png, reader, read_from_memory);
    return reader;
}

void cpng16_reader_destroy(cpng16_reader *reader) {
    if (!reader) return;
    if (reader->png) png_destroy_read_struct(&reader->png, reader->info ? &reader->info : NULL, NULL);
    free(reader->rows);
    free(reader);
}

const char *cpng16_reader_message(const cpng16_reader *reader) { return reader->message; }

int cpng16_read_header(cpng16_reader *reader, cpng16_header *header) {
    png_structp png = reader->png;
    png_infop info = reader->info;
    if (reader->header_read) {
        snprintf(reader->message, sizeof reader->message, "the header was already read");
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) return -1;
    reader->header_read = 1;
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_ALWAYS, colour_chunks, colour_chunk_count);
    // A damaged ancillary chunk fails the file, where libpng would drop it
    // with a warning: a dropped colour chunk would change what the square's
    // colours mean, and any bad CRC says the file is damaged.
    png_set_crc_action(png, PNG_CRC_DEFAULT, PNG_CRC_ERROR_QUIT);
    png_read_info(png, info);
    header->width = png_get_image_width(png, info);
    header->height = png_get_image_height(png, info);
    header->bit_depth = png_get_bit_depth(png, info);
    header->color_type = png_get_color_type(png, info);
    header->channels = png_get_channels(png, info);
    png_color_16p key = NULL;
    header->has_key = 0;
    if (header->color_type != PNG_COLOR_TYPE_PALETTE && png_get_tRNS(png, info, NULL, NULL, &key) != 0 && key) {
        header->has_key = 1;
        int color = header->color_type == PNG_COLOR_TYPE_RGB;
        header->key[0] = color ? key->red : key->gray;
        header->key[1] = color ? key->green : 0;
        header->key[2] = color ? key->blue : 0;
    }
    return 0;
}

int cpng16_reader_chunk_count(const cpng16_reader *reader) {
    png_unknown_chunkp chunks = NULL;
    return reader->header_read ? png_get_unknown_chunks(reader->png, reader->info, &chunks) : 0;
}

void cpng16_reader_chunk(const cpng16_reader *reader, int index, cpng16_chunk *chunk) {
    png_unknown_chunkp chunks = NULL;
    int count = png_get_unknown_chunks(reader->png, reader->info, &chunks);
    memset(chunk, 0, sizeof *chunk);
    if (index < 0 || index >= count) return;
    memcpy(chunk->type, chunks[index].name, 4);
    chunk->data = chunks[index].data;
    chunk->size = chunks[index].size;
    chunk->after_image_data = (chunks[index].location & PNG_AFTER_IDAT) != 0;
}

int cpng16_read_pixels(cpng16_reader *reader, uint16_t *out, size_t stride) {
    png_structp png = reader->png;
    png_infop info = reader->info;
    if (!reader->header_read || reader->rows) {
        snprintf(reader->message, sizeof reader->message, "the header was not read, or the pixels were");
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) return -1;
    png_uint_32 height = png_get_image_height(png, info);
    if (png_get_bit_depth(png, info) != 16) png_error(png, "not a 16-bit PNG");
    if (host_is_little_endian()) png_set_swap(png);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) > stride) png_error(png, "the rows are wider than the buffer");
    reader->rows = malloc(sizeof *reader->rows * (height ? height : 1));
    if (!reader->rows) png_error(png, "out of memory");
    for (png_uint_32 row = 0; row < height; row++) reader->rows[row] = (png_bytep)out + row * stride;
    png_read_image(png, reader->rows);
    // Reads what follows the image data to IEND, checking every CRC: a file
    // cut after its last row is cut short too.
    png_read_end(png, NULL);
    return 0;
}

struct cpng16_writer {
    png_structp png;
    png_infop info;
    unsigned char *bytes;
    size_t size;
    size_t capacity;
    png_unknown_chunk *chunks;
    int chunk_count;
    png_bytep *rows;
    char message[CPNG16_MESSAGE_SIZE];
};

static void write_to_memory(png_structp png, png_bytep data, size_t length) {
    cpng16_writer *writer = png_get_io_ptr(png);
    if (length > writer->capacity - writer->size) {
        size_t capacity = writer->capacity ? writer->capacity : 64 * 1024;
        while (capacity - writer->size < length) {
            if (capacity > SIZE_MAX / 2) png_error(png, "out of memory");
            capacity *= 2;
        }
        unsigned char *grown = realloc(writer->bytes, capacity);
        if (!grown) png_error(png, "out of memory");
        writer->bytes = grown;
        writer->capacity = capacity;
    }
    memcpy(writer->bytes + writer->size, data, length);
    writer->size += length;
}

static void flush_memory(png_structp png) { (void)png; }

cpng16_writer *cpng16_writer_create(void) {
    cpng16_writer *writer = calloc(1, sizeof *writer);
    if (!writer) return NULL;
    writer->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, writer->message, cpng16_error, cpng16_warning);
    if (writer->png) writer->info = png_create_info_struct(writer->png);
    if (!writer->info) {
        cpng16_writer_destroy(writer);
        return NULL;
    }
    png_set_write_fn(writer->png, writer, write_to_memory, flush_memory);
    return writer;
}

void cpng16_writer_destroy(cpng16_writer *writer) {
    if (!writer) return;
    if (writer->png) png_destroy_write_struct(&writer->png, writer->info ? &writer->info : NULL);
    for (int index = 0; index < writer->chunk_count; index++) free(writer->chunks[index].data);
    free(writer->chunks);
    free(writer->rows);
    free(writer->bytes);
    free(writer);
}

const char *cpng16_writer_message(const cpng16_writer *writer) { return writer->message; }

int cpng16_writer_add_chunk(cpng16_writer *writer, const cpng16_chunk *chunk) {
    png_unknown_chunk *grown = realloc(writer->chunks, sizeof *grown * (size_t)(writer->chunk_count + 1));
    if (!grown) return -1;
    writer->chunks = grown;
    png_unknown_chunk *added = &grown[writer->chunk_count];
    memset(added, 0, sizeof *added);
    memcpy(added->name, chunk->type, 4);
    added->size = chunk->size;
    if (chunk->size > 0) {
        added->data = malloc(chunk->size);
        if (!added->data) return -1;
        memcpy(added->data, chunk->data, chunk->size);
    }
    added->location = chunk->after_image_data ? PNG_AFTER_IDAT : PNG_HAVE_IHDR;
    writer->chunk_count++;
    return 0;
}

int cpng16_write(cpng16_writer *writer, const uint16_t *samples, size_t stride, unsigned width, unsigned height,
                 int channels, const uint16_t *key) {
    png_structp png = writer->png;
    png_infop info = writer->info;
    if (writer->rows) {
        snprintf(writer->message, sizeof writer->message, "the writer was already used");
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) return -1;
    static const int colour_types[] = {
        PNG_COLOR_TYPE_GRAY, PNG_COLOR_TYPE_GRAY_ALPHA, PNG_COLOR_TYPE_RGB, PNG_COLOR_TYPE_RGB_ALPHA,
    };
    if (channels < 1 || channels > 4) png_error(png, "a PNG has 1 to 4 samples a pixel");
    if ((size_t)width * (size_t)channels * 2 > stride) png_error(png, "the rows are wider than their stride");
    int colour_type = colour_types[channels - 1];
    png_set_IHDR(png, info, width, height, 16, colour_type, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    if (key && (colour_type == PNG_COLOR_TYPE_GRAY || colour_type == PNG_COLOR_TYPE_RGB)) {
        png_color_16 colour = {0};
        if (colour_type == PNG_COLOR_TYPE_RGB) {
            colour.red = key[0];
            colour.green = key[1];
            colour.blue = key[2];
        } else {
            colour.gray = key[0];
        }
        png_set_tRNS(png, info, NULL, 0, &colour);
    }
    if (writer->chunk_count > 0) {
        // Chunks that are not safe to copy (every colour chunk) are written only when asked for by name or by default.
        png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_ALWAYS, NULL, 0);
        png_set_unknown_chunks(png, info, writer->chunks, writer->chunk_count);
    }
    writer->rows = malloc(sizeof *writer->rows * (height ? height : 1));
    if (!writer->rows) png_error(png, "out of memory");
    for (unsigned row = 0; row < height; row++) {
        writer->rows[row] = (png_bytep)((const unsigned char *)samples + row * stride);
    }
    png_write_info(png, info);
    if (host_is_little_endian()) png_set_swap(png);
    png_write_image(png, writer->rows);
    png_write_end(png, info);
    return 0;
}

const unsigned char *cpng16_writer_bytes(const cpng16_writer *writer, size_t *size) {
    *size = writer->size;
    return writer->bytes;
}
