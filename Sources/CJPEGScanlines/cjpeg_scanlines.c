// See CJPEGScanlines.h. The parameters match what TurboJPEG's tjCompress2 chooses for the
// same quality and subsampling (libjpeg defaults, YCbCr, the accurate integer DCT from
// quality 96 up and the fast one below, no Huffman optimisation), so an image written in
// bands is the same file as one written whole.
#include "CJPEGScanlines.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

struct cjpeg_writer {
    struct jpeg_compress_struct info;
    struct jpeg_error_mgr errors;
    struct jpeg_destination_mgr destination;
    jmp_buf escape;
    char message[JMSG_LENGTH_MAX];
    // The file so far: one buffer this writer owns, grown by doubling. (libjpeg's
    // jpeg_mem_dest would hand back a pointer that goes stale when it grows its buffer before
    // jpeg_finish_compress, so an error path could not free the right one.)
    unsigned char *output;
    size_t capacity;
    size_t output_size;
    int started;
};

static void cjpeg_init_destination(j_compress_ptr info) {
    cjpeg_writer *writer = (cjpeg_writer *)info->client_data;
    writer->destination.next_output_byte = writer->output;
    writer->destination.free_in_buffer = writer->capacity;
}

static boolean cjpeg_empty_output_buffer(j_compress_ptr info) {
    cjpeg_writer *writer = (cjpeg_writer *)info->client_data;
    // libjpeg calls this with the whole buffer full (free_in_buffer is not to be trusted).
    size_t used = writer->capacity;
    unsigned char *grown = realloc(writer->output, writer->capacity * 2);
    if (!grown) {
        snprintf(writer->message, sizeof writer->message, "out of memory growing the JPEG to %zu bytes",
            writer->capacity * 2);
        longjmp(writer->escape, 1);
    }
    writer->output = grown;
    writer->capacity *= 2;
    writer->destination.next_output_byte = grown + used;
    writer->destination.free_in_buffer = writer->capacity - used;
    return TRUE;
}

static void cjpeg_term_destination(j_compress_ptr info) {
    cjpeg_writer *writer = (cjpeg_writer *)info->client_data;
    writer->output_size = writer->capacity - writer->destination.free_in_buffer;
}

static void cjpeg_error_exit(j_common_ptr info) {
    cjpeg_writer *writer = (cjpeg_writer *)info->client_data;
    (*info->err->format_message)(info, writer->message);
    longjmp(writer->escape, 1);
}

// Warnings (corrupt-data notes for decoders) are not printed: library code stays quiet.
static void cjpeg_output_message(j_common_ptr info) { (void)info; }

cjpeg_writer *cjpeg_writer_start(
    int width, int height, int quality, int full_chroma, int dots_per_inch, char *error, size_t error_size) {
    cjpeg_writer *writer = calloc(1, sizeof(cjpeg_writer));
    if (!writer) {
        if (error_size > 0) snprintf(error, error_size, "out of memory");
        return NULL;
    }
    writer->info.err = jpeg_std_error(&writer->errors);
    writer->errors.error_exit = cjpeg_error_exit;
    writer->errors.output_message = cjpeg_output_message;
    writer->info.client_data = writer;
    if (setjmp(writer->escape)) {
        if (error_size > 0) snprintf(error, error_size, "%s", writer->message);
        cjpeg_writer_free(writer);
        return NULL;
    }
    jpeg_create_compress(&writer->info);
    writer->started = 1;
    writer->capacity = 1 << 16;
    writer->output = malloc(writer->capacity);
    if (!writer->output) {
        snprintf(writer->message, sizeof writer->message, "out of memory");
        longjmp(writer->escape, 1);
    }
    writer->destination.init_destination = cjpeg_init_destination;
    writer->destination.empty_output_buffer = cjpeg_empty_output_buffer;
    writer->destination.term_destination = cjpeg_term_destination;
    writer->info.dest = &writer->destination;
    writer->info.image_width = (JDIMENSION)width;
    writer->info.image_height = (JDIMENSION)height;
    writer->info.input_components = 3;
    writer->info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&writer->info);
    jpeg_set_quality(&writer->info, quality, TRUE);
    writer->info.dct_method = quality >= 96 ? JDCT_ISLOW : JDCT_IFAST;
    jpeg_set_colorspace(&writer->info, JCS_YCbCr);
    int factor = full_chroma ? 1 : 2;
    writer->info.comp_info[0].h_samp_factor = factor;
    writer->info.comp_info[0].v_samp_factor = factor;
    for (int component = 1; component < 3; component++) {
        writer->info.comp_info[component].h_samp_factor = 1;
        writer->info.comp_info[component].v_samp_factor = 1;
    }
    if (dots_per_inch > 0) {
        writer->info.density_unit = 1;
        writer->info.X_density = (UINT16)dots_per_inch;
        writer->info.Y_density = (UINT16)dots_per_inch;
    }
    jpeg_start_compress(&writer->info, TRUE);
    return writer;
}

int cjpeg_writer_write(cjpeg_writer *writer, const unsigned char *rows, int count, size_t stride) {
    if (setjmp(writer->escape)) return -1;
    for (int row = 0; row < count;) {
        JSAMPROW pointers[16];
        int batch = count - row < 16 ? count - row : 16;
        for (int i = 0; i < batch; i++) pointers[i] = (JSAMPROW)(rows + (size_t)(row + i) * stride);
        row += (int)jpeg_write_scanlines(&writer->info, pointers, (JDIMENSION)batch);
    }
    return 0;
}

int cjpeg_writer_finish(cjpeg_writer *writer, const unsigned char **bytes, size_t *count) {
    if (setjmp(writer->escape)) return -1;
    jpeg_finish_compress(&writer->info);
    *bytes = writer->output;
    *count = writer->output_size;
    return 0;
}

const char *cjpeg_writer_error(const cjpeg_writer *writer) { return writer->message; }

void cjpeg_writer_free(cjpeg_writer *writer) {
    if (!writer) return;
    if (writer->started) jpeg_destroy_compress(&writer->info);
    free(writer->output);
    free(writer);
}
