#pragma once
#include <stdlib.h>
#include <libexif/exif-data.h>
#include <libexif/exif-utils.h>

// ExifData.ifd is a C array, which Swift sees as a tuple: index it here.
static inline ExifContent *squarecam_exif_ifd(ExifData *data, ExifIfd ifd) {
    return data->ifd[ifd];
}

// Drops the embedded thumbnail bytes. libexif has no call for it; the data
// was allocated by the default ExifMem (malloc), which exif_data_new uses.
static inline void squarecam_exif_drop_thumbnail(ExifData *data) {
    free(data->data);
    data->data = NULL;
    data->size = 0;
}

static inline unsigned int squarecam_exif_thumbnail_size(ExifData *data) {
    return data->data ? data->size : 0;
}
