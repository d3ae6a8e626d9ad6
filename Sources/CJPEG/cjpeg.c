#include "cjpeg_private.h"
#include <jerror.h>
#include <stdlib.h>
#include <string.h>

static void cjpeg_error_exit(j_common_ptr info) {
    cjpeg_decoder *decoder = (cjpeg_decoder *)info->client_data;
    (*info->err->format_message)(info, decoder->message);
    longjmp(decoder->jump, 1);
}

static void cjpeg_emit_message(j_common_ptr info, int level) {
    cjpeg_decoder *decoder = (cjpeg_decoder *)info->client_data;
    if (level >= 0) return;  // trace messages
    // A newer JFIF revision than libjpeg knows says nothing about the data.
    if (info->err->msg_code == JWRN_JFIF_MAJOR) return;
    if (decoder->warnings == 0) {
        (*info->err->format_message)(info, decoder->first_warning);
        decoder->first_warning_code = info->err->msg_code;
        if (info->is_decompressor) {
            j_decompress_ptr dinfo = (j_decompress_ptr)info;
            decoder->first_warning_imcu_row = dinfo->input_iMCU_row;
            decoder->first_warning_scan = dinfo->input_scan_number;
        }
    }
    decoder->warnings++;
    if (decoder->warnings > CJPEG_MAX_WARNINGS) {
        snprintf(decoder->message, sizeof decoder->message,
                 "more than %d corrupt-data warnings", CJPEG_MAX_WARNINGS);
        longjmp(decoder->jump, 1);
    }
}

static void cjpeg_output_message(j_common_ptr info) { (void)info; }

// Called by libjpeg during long operations: stops files with absurdly many scans.
static void cjpeg_progress(j_common_ptr info) {
    cjpeg_decoder *decoder = (cjpeg_decoder *)info->client_data;
    j_decompress_ptr dinfo = (j_decompress_ptr)info;
    if (decoder->max_scans > 0 && dinfo->input_scan_number > decoder->max_scans) {
        snprintf(decoder->message, sizeof decoder->message,
                 "more than %d scans; the file is likely crafted to stall decoders", decoder->max_scans);
        longjmp(decoder->jump, 1);
    }
}

struct jpeg_error_mgr *cjpeg_error_handlers(struct jpeg_error_mgr *error) {
    jpeg_std_error(error);
    error->error_exit = cjpeg_error_exit;
    error->emit_message = cjpeg_emit_message;
    error->output_message = cjpeg_output_message;
    return error;
}

cjpeg_decoder *cjpeg_decoder_create(void) {
    cjpeg_decoder *decoder = calloc(1, sizeof *decoder);
    return decoder;
}

void cjpeg_decoder_destroy(cjpeg_decoder *decoder) {
    if (!decoder) return;
    cjpeg_entropy_share_end(decoder->share);
    if (decoder->created) jpeg_destroy_decompress(&decoder->info);
    free(decoder);
}

const char *cjpeg_decoder_message(const cjpeg_decoder *decoder) { return decoder->message; }

int cjpeg_decoder_warnings(const cjpeg_decoder *decoder) { return decoder->warnings; }

int cjpeg_decoder_refused_precision(const cjpeg_decoder *decoder) {
    return decoder->error.msg_code == JERR_BAD_PRECISION ? decoder->error.msg_parm.i[0] : 0;
}

void cjpeg_decoder_damage(const cjpeg_decoder *decoder, cjpeg_damage *damage) {
    const struct jpeg_decompress_struct *info = &decoder->info;
    damage->warnings = decoder->warnings;
    damage->text = decoder->first_warning;
    damage->cut_short = decoder->first_warning_code == JWRN_JPEG_EOF;
    damage->progressive = decoder->created ? info->progressive_mode : 0;
    damage->scan = decoder->first_warning_scan;
    damage->imcu_row = decoder->first_warning_imcu_row;
    damage->imcu_rows = decoder->created ? info->total_iMCU_rows : 0;
}

/// Rows for the rest of the output, in libjpeg's image pool (freed with the decoder).
static JSAMPARRAY scratch_rows(j_decompress_ptr info, JDIMENSION width, JDIMENSION rows) {
    return (*info->mem->alloc_sarray)((j_common_ptr)info, JPOOL_IMAGE, width, rows);
}

int cjpeg_decoder_finish_input(cjpeg_decoder *decoder) {
    if (!decoder->created) return 0;
    if (setjmp(decoder->jump)) return -1;
    struct jpeg_decompress_struct *info = &decoder->info;
    // A progressive file was read whole before its first row came out.
    if (jpeg_input_complete(info)) return 0;
    if (!decoder->started) {
        // Only the header was read: read every coefficient, decoding nothing further.
        jpeg_read_coefficients(info);
        return 0;
    }
    if (info->raw_data_out) {
        // libjpeg cannot skip rows of raw data: it decodes them, here into
        // rows thrown away, and where our column limiting runs with no
        // inverse DCT at all (a photo stored portrait has an eighth of its
        // rows below its square).
        cjpeg_columns_drop_all(decoder);
        JSAMPARRAY planes[MAX_COMPONENTS];
        JDIMENSION lines = (JDIMENSION)(info->max_v_samp_factor * info->min_DCT_scaled_size);
        for (int c = 0; c < info->num_components; c++) {
            jpeg_component_info *component = &info->comp_info[c];
            planes[c] = scratch_rows(info, component->width_in_blocks * (JDIMENSION)component->DCT_scaled_size,
                                     (JDIMENSION)(component->v_samp_factor * component->DCT_scaled_size));
        }
        while (info->output_scanline < info->output_height) {
            if (jpeg_read_raw_data(info, planes, lines) == 0) {
                snprintf(decoder->message, sizeof decoder->message, "the decoder stopped at row %u", info->output_scanline);
                return -1;
            }
        }
    } else if (info->output_scanline < info->output_height) {
        // Skipping decodes the entropy-coded data without the inverse DCT;
        // skipping to the very end would not read it at all, so the last row is read.
        JDIMENSION left = info->output_height - info->output_scanline;
        if (left > 1 && jpeg_skip_scanlines(info, left - 1) != left - 1) {
            snprintf(decoder->message, sizeof decoder->message, "could not skip to the last row");
            return -1;
        }
        JSAMPARRAY row = scratch_rows(info, info->output_width * (JDIMENSION)info->output_components, 1);
        if (jpeg_read_scanlines(info, row, 1) != 1) {
            snprintf(decoder->message, sizeof decoder->message, "the decoder stopped at row %u", info->output_scanline);
            return -1;
        }
    }
    // Reads on to the end-of-image marker: a file cut after its last row is cut short too.
    jpeg_finish_decompress(info);
    return 0;
}

int cjpeg_decoder_gave_up_sharing(const cjpeg_decoder *decoder) { return decoder->share_gave_up; }

/// What cjpeg_decoder_start_planes takes: the stored planes are the picture's
/// (gray, or YCbCr whose chroma is one sample per iMCU).
static int has_plain_planes(const struct jpeg_decompress_struct *info) {
    return (info->jpeg_color_space == JCS_GRAYSCALE && info->num_components == 1)
        || (info->jpeg_color_space == JCS_YCbCr && info->num_components == 3
            && info->comp_info[0].h_samp_factor == info->max_h_samp_factor
            && info->comp_info[0].v_samp_factor == info->max_v_samp_factor
            && info->comp_info[1].h_samp_factor == 1 && info->comp_info[1].v_samp_factor == 1
            && info->comp_info[2].h_samp_factor == 1 && info->comp_info[2].v_samp_factor == 1);
}

int cjpeg_decoder_read_header(cjpeg_decoder *decoder, const unsigned char *data, size_t size,
                              long max_memory, int max_scans, cjpeg_header *header) {
    if (decoder->created) {
        snprintf(decoder->message, sizeof decoder->message, "the decoder was already used");
        return -1;
    }
    decoder->info.err = cjpeg_error_handlers(&decoder->error);
    decoder->info.client_data = decoder;
    decoder->max_scans = max_scans;
    if (setjmp(decoder->jump)) return -1;
    jpeg_create_decompress(&decoder->info);
    decoder->created = 1;
    if (max_memory > 0) decoder->info.mem->max_memory_to_use = max_memory;
    decoder->progress.progress_monitor = cjpeg_progress;
    decoder->info.progress = &decoder->progress;
    if (size > 0xFFFFFFFFul) {
        snprintf(decoder->message, sizeof decoder->message, "the file is larger than 4 GB");
        return -1;
    }
    jpeg_mem_src(&decoder->info, data, (unsigned long)size);
    jpeg_read_header(&decoder->info, TRUE);
    header->width = decoder->info.image_width;
    header->height = decoder->info.image_height;
    header->num_components = decoder->info.num_components;
    header->color_space = (int)decoder->info.jpeg_color_space;
    header->progressive = decoder->info.progressive_mode;
    header->arithmetic = decoder->info.arith_code;
    header->max_h_samp = decoder->info.max_h_samp_factor;
    header->max_v_samp = decoder->info.max_v_samp_factor;
    header->saw_adobe = decoder->info.saw_Adobe_marker;
    header->plain_planes = has_plain_planes(&decoder->info);
    header->restart_interval = decoder->info.restart_interval;
    header->single_scan = !decoder->info.progressive_mode && decoder->info.comps_in_scan == decoder->info.num_components;
    header->bytes_after_header = decoder->info.src->bytes_in_buffer;
    return 0;
}

int cjpeg_decoder_start(cjpeg_decoder *decoder, int scale_num, int out_color, int smooth_chroma, int float_idct,
                        unsigned *crop_x, unsigned *crop_width, unsigned *out_height, int *components) {
    if (!decoder->created) {
        snprintf(decoder->message, sizeof decoder->message, "the header was not read");
        return -1;
    }
    if (setjmp(decoder->jump)) return -1;
    struct jpeg_decompress_struct *info = &decoder->info;
    info->scale_num = (unsigned)scale_num;
    info->scale_denom = 8;
    info->dct_method = float_idct ? JDCT_FLOAT : JDCT_ISLOW;
    info->do_fancy_upsampling = smooth_chroma ? TRUE : FALSE;
    switch (out_color) {
    case CJPEG_OUT_GRAY: info->out_color_space = JCS_GRAYSCALE; break;
    case CJPEG_OUT_CMYK: info->out_color_space = JCS_CMYK; break;
    default: info->out_color_space = JCS_RGB; break;
    }
    decoder->started = 1;
    jpeg_start_decompress(info);
    JDIMENSION x = *crop_x, width = *crop_width;
    if (x >= info->output_width || width == 0) {
        snprintf(decoder->message, sizeof decoder->message, "the crop is outside the image");
        return -1;
    }
    if (x + width > info->output_width) width = info->output_width - x;
    if (x != 0 || width != info->output_width) jpeg_crop_scanline(info, &x, &width);
    *crop_x = x;
    *crop_width = width;
    *out_height = info->output_height;
    *components = info->output_components;
    return 0;
}

int cjpeg_decoder_skip(cjpeg_decoder *decoder, unsigned rows) {
    if (setjmp(decoder->jump)) return -1;
    struct jpeg_decompress_struct *info = &decoder->info;
    if (rows == 0) return 0;
    if (info->output_scanline + rows > info->output_height) {
        snprintf(decoder->message, sizeof decoder->message, "cannot skip past the last row");
        return -1;
    }
    if (jpeg_skip_scanlines(info, rows) != rows) {
        snprintf(decoder->message, sizeof decoder->message, "could not skip %u rows", rows);
        return -1;
    }
    return 0;
}

int cjpeg_decoder_read(cjpeg_decoder *decoder, unsigned rows, unsigned char *out, size_t stride) {
    if (setjmp(decoder->jump)) return -1;
    struct jpeg_decompress_struct *info = &decoder->info;
    if (info->output_scanline + rows > info->output_height) {
        snprintf(decoder->message, sizeof decoder->message, "cannot read past the last row");
        return -1;
    }
    unsigned done = 0;
    while (done < rows) {
        JSAMPROW row_pointers[16];
        unsigned batch = rows - done < 16 ? rows - done : 16;
        for (unsigned i = 0; i < batch; i++) row_pointers[i] = out + (size_t)(done + i) * stride;
        JDIMENSION got = jpeg_read_scanlines(info, row_pointers, batch);
        if (got == 0) {
            snprintf(decoder->message, sizeof decoder->message, "the decoder stopped at row %u", info->output_scanline);
            return -1;
        }
        done += got;
    }
    return 0;
}

int cjpeg_decoder_start_planes(cjpeg_decoder *decoder, int scale_num, cjpeg_planes *planes) {
    if (!decoder->created) {
        snprintf(decoder->message, sizeof decoder->message, "the header was not read");
        return -1;
    }
    struct jpeg_decompress_struct *info = &decoder->info;
    if (!has_plain_planes(info)) return -2;
    if (setjmp(decoder->jump)) return -1;
    info->scale_num = (unsigned)scale_num;
    info->scale_denom = 8;
    info->dct_method = JDCT_ISLOW;
    info->raw_data_out = TRUE;
    decoder->started = 1;
    jpeg_start_decompress(info);
    planes->count = info->num_components;
    for (int c = 0; c < info->num_components; c++) {
        jpeg_component_info *component = &info->comp_info[c];
        planes->width[c] = component->downsampled_width;
        planes->height[c] = component->downsampled_height;
        planes->padded_width[c] = component->width_in_blocks * (unsigned)component->DCT_scaled_size;
        planes->rows_per_read[c] = (unsigned)(component->v_samp_factor * component->DCT_scaled_size);
        planes->sample_ratio_x[c] = (unsigned)(component->h_samp_factor * component->DCT_scaled_size);
        planes->sample_ratio_y[c] = (unsigned)(component->v_samp_factor * component->DCT_scaled_size);
    }
    planes->image_ratio_x = (unsigned)(info->max_h_samp_factor * info->min_DCT_scaled_size);
    planes->image_ratio_y = (unsigned)(info->max_v_samp_factor * info->min_DCT_scaled_size);
    return 0;
}

int cjpeg_decoder_read_planes(cjpeg_decoder *decoder, unsigned char *const out[3], const size_t stride[3]) {
    if (setjmp(decoder->jump)) return -1;
    struct jpeg_decompress_struct *info = &decoder->info;
    if (info->output_scanline >= info->output_height) {
        snprintf(decoder->message, sizeof decoder->message, "cannot read past the last row");
        return -1;
    }
    // Room for the largest iMCU row: 2 (sampling) × 16 (largest DCT scale) rows.
    JSAMPROW rows[3][32];
    JSAMPARRAY components[3];
    for (int c = 0; c < info->num_components; c++) {
        jpeg_component_info *component = &info->comp_info[c];
        int count = component->v_samp_factor * component->DCT_scaled_size;
        if (count > 32) {
            snprintf(decoder->message, sizeof decoder->message, "unexpected iMCU height %d", count);
            return -1;
        }
        for (int row = 0; row < count; row++) rows[c][row] = out[c] + (size_t)row * stride[c];
        components[c] = rows[c];
    }
    JDIMENSION lines = (JDIMENSION)(info->max_v_samp_factor * info->min_DCT_scaled_size);
    if (jpeg_read_raw_data(info, components, lines) == 0) {
        snprintf(decoder->message, sizeof decoder->message, "the decoder stopped at row %u", info->output_scanline);
        return -1;
    }
    return 0;
}
