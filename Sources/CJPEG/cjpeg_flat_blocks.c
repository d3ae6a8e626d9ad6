// Flat blocks: at the 1/2 scale a 48 MP crop decodes at, most blocks of a
// photo's colour planes (and many of its luma) carry a DC coefficient only,
// and libjpeg's 4x4 inverse DCT turns each into 16 equal samples by the
// same arithmetic as any other block. This one writes them directly.
//
// Fenced (see cjpeg_private.h): it replaces libjpeg's inverse DCT method and
// reads its quantization table in the layout of that release's build.
#include "cjpeg_private.h"
#if CJPEG_OWN_PATHS
#include <emmintrin.h>
#include <jpegint.h>
#include <string.h>

/// |DC × quantizer| up to this is a flat block's; a photo's stays below
/// 1024 + 255 (eight times its block's mean, rounded to the quantizer).
/// Beyond it libjpeg's transform runs, whatever it makes of such values.
#define FLAT_DC_LIMIT 2040

/// Whether the block's 63 AC coefficients are all zero.
static inline int only_dc(const JCOEF *block) {
    __m128i any = _mm_and_si128(_mm_loadu_si128((const __m128i *)block), _mm_set_epi16(-1, -1, -1, -1, -1, -1, -1, 0));
    for (int row = 1; row < DCTSIZE; row++) any = _mm_or_si128(any, _mm_loadu_si128((const __m128i *)(block + row * DCTSIZE)));
    return _mm_movemask_epi8(_mm_cmpeq_epi8(any, _mm_setzero_si128())) == 0xFFFF;
}

/// libjpeg's 4x4 inverse DCT (jpeg_idct_4x4, and its SSE2 twin) of a block
/// with a DC only: every sample is DESCALE(DC × q << PASS1_BITS, PASS1_BITS + 3)
/// = (DC × q + 4) >> 3, centred and clamped.
static void flat_or_4x4(j_decompress_ptr info, jpeg_component_info *component, JCOEFPTR block, JSAMPARRAY output,
                        JDIMENSION column) {
    // The quantization table as the release's SIMD build lays it out (ISLOW_MULT_TYPE: short).
    const int16_t *quantizers = component->dct_table;
    int32_t dc = (int32_t)block[0] * quantizers[0];
    if (dc >= -FLAT_DC_LIMIT && dc <= FLAT_DC_LIMIT && only_dc(block)) {
        int sample = ((dc + 4) >> 3) + CENTERJSAMPLE;
        sample = sample < 0 ? 0 : sample > MAXJSAMPLE ? MAXJSAMPLE : sample;
        for (int row = 0; row < 4; row++) memset(output[row] + column, sample, 4);
        return;
    }
    cjpeg_decoder *decoder = (cjpeg_decoder *)info->client_data;
    ((inverse_DCT_method_ptr)decoder->transform_4x4[component->component_index])(info, component, block, output, column);
}

void cjpeg_decoder_write_flat_blocks(cjpeg_decoder *decoder) {
    struct jpeg_decompress_struct *info = &decoder->info;
    if (!cjpeg_own_paths_usable(NULL) || !decoder->started || !info->idct || info->dct_method != JDCT_ISLOW) return;
    for (int c = 0; c < info->num_components && c < MAX_COMPONENTS; c++) {
        jpeg_component_info *component = &info->comp_info[c];
        if (component->DCT_scaled_size != 4) continue;
        decoder->transform_4x4[c] = (void (*)(void))info->idct->inverse_DCT[c];
        info->idct->inverse_DCT[c] = flat_or_4x4;
    }
}

#else

void cjpeg_decoder_write_flat_blocks(cjpeg_decoder *decoder) { (void)decoder; }

#endif
