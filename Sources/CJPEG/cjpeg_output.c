// The compressors' output buffer (see cjpeg_growing_output in cjpeg_private.h).
#include "cjpeg_private.h"
#include <stdlib.h>

static void output_start(j_compress_ptr info) { (void)info; }

static boolean output_grow(j_compress_ptr info) {
    cjpeg_growing_output *output = (cjpeg_growing_output *)info->dest;
    size_t size = output->size * 2;
    JOCTET *buffer = realloc(output->buffer, size);
    if (!buffer) {
        snprintf(output->writer->message, sizeof output->writer->message, "out of memory for the output");
        longjmp(output->writer->jump, 1);
    }
    output->manager.next_output_byte = buffer + output->size;
    output->manager.free_in_buffer = size - output->size;
    output->buffer = buffer;
    output->size = size;
    return TRUE;
}

static void output_end(j_compress_ptr info) { (void)info; }

int cjpeg_growing_output_init(cjpeg_growing_output *output, cjpeg_decoder *writer, size_t first_size) {
    *output = (cjpeg_growing_output){
        .manager = { .init_destination = output_start, .empty_output_buffer = output_grow,
                     .term_destination = output_end },
        .size = first_size,
        .writer = writer,
    };
    output->buffer = malloc(first_size);
    if (!output->buffer) {
        snprintf(writer->message, sizeof writer->message, "out of memory for the output");
        return -1;
    }
    output->manager.next_output_byte = output->buffer;
    output->manager.free_in_buffer = first_size;
    return 0;
}

void cjpeg_growing_output_take(cjpeg_growing_output *output, unsigned char **jpeg, unsigned long *jpeg_size) {
    *jpeg = output->buffer;
    *jpeg_size = (unsigned long)(output->size - output->manager.free_in_buffer);
    output->buffer = NULL;
}
