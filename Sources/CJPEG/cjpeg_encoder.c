// A libjpeg compressor fed the stored planes one band at a time (raw data
// in), so a full-resolution crop is encoded while it is decoded, without
// colour conversion and without holding the picture whole.
#include "cjpeg_private.h"
#include <stdlib.h>
#include <string.h>

struct cjpeg_encoder {
    struct jpeg_compress_struct info;
    /// Error context (message and jump) for the compressor: a cjpeg_decoder used for those fields only.
    cjpeg_decoder *errors;
    cjpeg_growing_output output;
    int created;
    int started;
};

cjpeg_encoder *cjpeg_encoder_create(void) {
    cjpeg_encoder *encoder = calloc(1, sizeof *encoder);
    if (!encoder) return NULL;
    encoder->errors = cjpeg_decoder_create();
    if (!encoder->errors) {
        free(encoder);
        return NULL;
    }
    return encoder;
}

void cjpeg_encoder_destroy(cjpeg_encoder *encoder) {
    if (!encoder) return;
    if (encoder->created) jpeg_destroy_compress(&encoder->info);
    free(encoder->output.buffer);
    cjpeg_decoder_destroy(encoder->errors);
    free(encoder);
}

const char *cjpeg_encoder_message(const cjpeg_encoder *encoder) { return encoder->errors->message; }

int cjpeg_encoder_start(cjpeg_encoder *encoder, unsigned width, unsigned height, int components, int h_samp, int v_samp,
                        int quality, cjpeg_band *band) {
    cjpeg_decoder *errors = encoder->errors;
    if (encoder->created || width == 0 || height == 0 || (components != 1 && components != 3)
        || h_samp < 1 || h_samp > 2 || v_samp < 1 || v_samp > 2 || quality < 1 || quality > 100) {
        snprintf(errors->message, sizeof errors->message, "cannot encode %ux%u with %d components", width, height, components);
        return -1;
    }
    struct jpeg_compress_struct *info = &encoder->info;
    info->err = cjpeg_error_handlers(&errors->error);
    info->client_data = errors;
    if (setjmp(errors->jump)) return -1;
    jpeg_create_compress(info);
    encoder->created = 1;
    // A first guess at the size: a byte a pixel, grown as needed.
    if (cjpeg_growing_output_init(&encoder->output, errors, 64 * 1024 + (size_t)width * height) != 0) return -1;
    info->dest = &encoder->output.manager;
    info->image_width = width;
    info->image_height = height;
    info->input_components = components;
    info->in_color_space = components == 1 ? JCS_GRAYSCALE : JCS_YCbCr;
    jpeg_set_defaults(info);
    jpeg_set_quality(info, quality, TRUE);
    info->dct_method = JDCT_ISLOW;  // as JPEGEncoder's TJFLAG_ACCURATEDCT
    info->raw_data_in = TRUE;
    info->comp_info[0].h_samp_factor = h_samp;
    info->comp_info[0].v_samp_factor = v_samp;
    for (int c = 1; c < components; c++) {
        info->comp_info[c].h_samp_factor = 1;
        info->comp_info[c].v_samp_factor = 1;
    }
    jpeg_start_compress(info, TRUE);
    encoder->started = 1;
    band->count = components;
    for (int c = 0; c < components; c++) {
        jpeg_component_info *component = &info->comp_info[c];
        band->width[c] = component->width_in_blocks * DCTSIZE;
        band->rows[c] = (unsigned)component->v_samp_factor * DCTSIZE;
        band->used_width[c] = (unsigned)((width * (unsigned)component->h_samp_factor + (unsigned)h_samp - 1) / (unsigned)h_samp);
        band->used_height[c] = (unsigned)((height * (unsigned)component->v_samp_factor + (unsigned)v_samp - 1) / (unsigned)v_samp);
    }
    band->bands = (height + (unsigned)v_samp * DCTSIZE - 1) / ((unsigned)v_samp * DCTSIZE);
    return 0;
}

int cjpeg_encoder_write_band(cjpeg_encoder *encoder, unsigned char *const planes[3], const size_t strides[3]) {
    cjpeg_decoder *errors = encoder->errors;
    struct jpeg_compress_struct *info = &encoder->info;
    if (!encoder->started || info->next_scanline >= info->image_height) {
        snprintf(errors->message, sizeof errors->message, "no band is left to write");
        return -1;
    }
    if (setjmp(errors->jump)) return -1;
    JSAMPROW rows[3][2 * DCTSIZE];
    JSAMPARRAY components[3];
    for (int c = 0; c < info->num_components; c++) {
        for (int row = 0; row < info->comp_info[c].v_samp_factor * DCTSIZE; row++)
            rows[c][row] = planes[c] + (size_t)row * strides[c];
        components[c] = rows[c];
    }
    JDIMENSION lines = (JDIMENSION)(info->max_v_samp_factor * DCTSIZE);
    if (jpeg_write_raw_data(info, components, lines) != lines) {
        snprintf(errors->message, sizeof errors->message, "the compressor took no band");
        return -1;
    }
    return 0;
}

int cjpeg_encoder_finish(cjpeg_encoder *encoder, unsigned char **jpeg, unsigned long *jpeg_size) {
    cjpeg_decoder *errors = encoder->errors;
    if (!encoder->started) {
        snprintf(errors->message, sizeof errors->message, "the encoder was not started");
        return -1;
    }
    if (setjmp(errors->jump)) return -1;
    jpeg_finish_compress(&encoder->info);
    cjpeg_growing_output_take(&encoder->output, jpeg, jpeg_size);
    return 0;
}
