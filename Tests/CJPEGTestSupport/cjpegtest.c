// See cjpegtest.h. libjpeg's errors longjmp back into the function that
// made the call, never across the Swift test code.
#include "cjpegtest.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char *message;
} test_errors;

static void fail(j_common_ptr info) {
    test_errors *errors = (test_errors *)info->err;
    (*info->err->format_message)(info, errors->message);
    longjmp(errors->jump, 1);
}

static void quiet(j_common_ptr info, int level) { (void)info; (void)level; }

static void set_up(test_errors *errors, char *message) {
    jpeg_std_error(&errors->manager);
    errors->manager.error_exit = fail;
    errors->manager.emit_message = quiet;
    errors->message = message;
    message[0] = 0;
}

void cjpegtest_free(cjpegtest_coefficients *coefficients) {
    for (int c = 0; c < 4; c++) {
        free(coefficients->blocks[c]);
        coefficients->blocks[c] = NULL;
    }
}

int cjpegtest_read(const unsigned char *jpeg, size_t size, cjpegtest_coefficients *out, char *message) {
    memset(out, 0, sizeof *out);
    struct jpeg_decompress_struct info;
    test_errors errors;
    set_up(&errors, message);
    info.err = &errors.manager;
    if (setjmp(errors.jump)) {
        jpeg_destroy_decompress(&info);
        cjpegtest_free(out);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, jpeg, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    jvirt_barray_ptr *arrays = jpeg_read_coefficients(&info);
    if (info.num_components > 4) {
        snprintf(message, 200, "%d components", info.num_components);
        longjmp(errors.jump, 1);
    }
    out->components = info.num_components;
    out->width = info.image_width;
    out->height = info.image_height;
    out->progressive = info.progressive_mode;
    for (int c = 0; c < info.num_components; c++) {
        jpeg_component_info *component = &info.comp_info[c];
        out->h_samp[c] = component->h_samp_factor;
        out->v_samp[c] = component->v_samp_factor;
        out->width_in_blocks[c] = component->width_in_blocks;
        out->height_in_blocks[c] = component->height_in_blocks;
        if (component->quant_table)
            for (int k = 0; k < 64; k++) out->quant[c][k] = component->quant_table->quantval[k];
        size_t row = (size_t)component->width_in_blocks * 64;
        out->blocks[c] = malloc(row * component->height_in_blocks * sizeof(short));
        if (!out->blocks[c]) {
            snprintf(message, 200, "out of memory");
            longjmp(errors.jump, 1);
        }
        for (JDIMENSION y = 0; y < component->height_in_blocks; y++) {
            JBLOCKARRAY rows = (*info.mem->access_virt_barray)((j_common_ptr)&info, arrays[c], y, 1, FALSE);
            for (JDIMENSION x = 0; x < component->width_in_blocks; x++)
                for (int k = 0; k < 64; k++) out->blocks[c][y * row + x * 64 + k] = rows[0][x][k];
        }
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    return 0;
}

int cjpegtest_recode(const unsigned char *jpeg, size_t size, int progressive, int optimize, unsigned char **out,
                     unsigned long *out_size, char *message) {
    struct jpeg_decompress_struct in;
    struct jpeg_compress_struct recoded;
    test_errors errors;
    set_up(&errors, message);
    in.err = &errors.manager;
    recoded.err = &errors.manager;
    *out = NULL;
    *out_size = 0;
    int made_in = 0, made_out = 0;
    if (setjmp(errors.jump)) {
        if (made_out) jpeg_destroy_compress(&recoded);
        if (made_in) jpeg_destroy_decompress(&in);
        // jpeg_mem_dest's buffer cannot be found after an error: a test's leak, on failure only.
        *out = NULL;
        return -1;
    }
    jpeg_create_decompress(&in);
    made_in = 1;
    jpeg_create_compress(&recoded);
    made_out = 1;
    jpeg_mem_src(&in, jpeg, (unsigned long)size);
    jpeg_read_header(&in, TRUE);
    jvirt_barray_ptr *arrays = jpeg_read_coefficients(&in);
    jpeg_copy_critical_parameters(&in, &recoded);
    recoded.optimize_coding = optimize ? TRUE : FALSE;
    if (progressive) jpeg_simple_progression(&recoded);
    jpeg_mem_dest(&recoded, out, out_size);
    jpeg_write_coefficients(&recoded, arrays);
    jpeg_finish_compress(&recoded);
    jpeg_destroy_compress(&recoded);
    jpeg_finish_decompress(&in);
    jpeg_destroy_decompress(&in);
    return 0;
}
