// Column limiting: libjpeg turns only the iMCU columns a crop needs into
// samples. libjpeg-turbo's jpeg_crop_scanline does that for scanline output
// only; for raw (planar) output the same fields of its private master state
// are set here. Fenced (see cjpeg_private.h): it runs only against the
// release whose jdmaster/jdcoefct read those fields as assumed here.
#include "cjpeg_private.h"
#if CJPEG_OWN_PATHS
#include <jpegint.h>
#endif

/// Whether libjpeg will smooth blocks: a progressive file some of whose
/// coefficients were never fully sent (a cut-off download, DC scans only).
/// By now every scan is read (jpeg_start_decompress absorbs a multi-scan
/// file), so coef_bits is final: 0 for a coefficient known to its last bit.
static int smooths_blocks(const struct jpeg_decompress_struct *info) {
    if (!info->progressive_mode || !info->do_block_smoothing || !info->coef_bits) return 0;
    for (int c = 0; c < info->num_components; c++)
        for (int k = 0; k < DCTSIZE2; k++)
            if (info->coef_bits[c][k] != 0) return 1;
    return 0;
}

int cjpeg_decoder_limit_columns(cjpeg_decoder *decoder, unsigned first_pixel, unsigned last_pixel, cjpeg_planes *planes) {
    if (!cjpeg_own_paths_usable(NULL)) return -2;
#if CJPEG_OWN_PATHS
    struct jpeg_decompress_struct *info = &decoder->info;
    if (!decoder->created || !info->master || !info->raw_data_out || info->output_scanline != 0) {
        snprintf(decoder->message, sizeof decoder->message, "limit the columns after starting planes, before reading");
        return -1;
    }
    if (first_pixel > last_pixel || last_pixel >= info->output_width) {
        snprintf(decoder->message, sizeof decoder->message, "the columns are outside the image");
        return -1;
    }
    // Block smoothing blends each block with its neighbours, and libjpeg
    // takes none from left of the first decoded column: limited, the
    // region's edge blocks would come out otherwise than in a full decode
    // (FuzzCrop found it). Those files decode every column.
    if (smooths_blocks(info)) return -2;
    // As jpeg_crop_scanline does: a one-component image's MCU is one block,
    // any other's an iMCU of max_h_samp_factor blocks of the largest component.
    int single = info->num_components == 1;
    unsigned align = (unsigned)info->min_DCT_scaled_size * (single ? 1u : (unsigned)info->max_h_samp_factor);
    JDIMENSION first = first_pixel / align, last = last_pixel / align;
    // One-scan files go by first_iMCU_col; multi-scan ones by first_MCU_col, in each component's blocks.
    info->master->first_iMCU_col = first;
    info->master->last_iMCU_col = last;
    for (int c = 0; c < info->num_components; c++) {
        JDIMENSION blocks = single ? 1 : (JDIMENSION)info->comp_info[c].h_samp_factor;
        info->master->first_MCU_col[c] = first * blocks;
        info->master->last_MCU_col[c] = (last + 1) * blocks - 1;
        planes->first_column[c] = first * blocks * (unsigned)info->comp_info[c].DCT_scaled_size;
    }
    decoder->columns_limited = 1;
    return 0;
#else
    (void)decoder; (void)first_pixel; (void)last_pixel; (void)planes;
    return -2;
#endif
}

void cjpeg_columns_drop_all(cjpeg_decoder *decoder) {
#if CJPEG_OWN_PATHS
    // Only after cjpeg_decoder_limit_columns: --libjpeg-only leaves libjpeg alone.
    if (!decoder->columns_limited) return;
    // An empty range: the one-pass coefficient controller (a one-scan file;
    // a multi-scan one was read whole before its first row) still
    // entropy-decodes every MCU, but inverse-transforms none.
    decoder->info.master->first_iMCU_col = 1;
    decoder->info.master->last_iMCU_col = 0;
#else
    (void)decoder;
#endif
}
