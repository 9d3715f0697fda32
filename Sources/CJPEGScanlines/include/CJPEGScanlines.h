// A baseline JPEG written a band of rows at a time through libjpeg's scanline API
// (libjpeg.txt, "Compression details"), so a large image never has to be in memory whole.
// libjpeg reports errors by calling error_exit, which must not return; it longjmps back
// here, and every function returns a status instead, which Swift can check.
#ifndef CJPEG_SCANLINES_H
#define CJPEG_SCANLINES_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An encoder in progress; opaque.
typedef struct cjpeg_writer cjpeg_writer;

/// Starts a JPEG of `width` × `height` RGB pixels at `quality` 1–100, chroma at full
/// resolution (4:4:4) when `full_chroma` is non-zero, else 4:2:0; `dots_per_inch` > 0 is
/// written as the JFIF density. Returns NULL when memory runs out or libjpeg refuses the
/// parameters (the message in `error`, `error_size` bytes with its NUL).
cjpeg_writer *cjpeg_writer_start(
    int width, int height, int quality, int full_chroma, int dots_per_inch, char *error, size_t error_size);

/// Compresses `count` rows of packed RGB (3 bytes a pixel), `stride` bytes apart.
/// Returns 0 on success, else -1 with the message in `cjpeg_writer_error`.
int cjpeg_writer_write(cjpeg_writer *writer, const unsigned char *rows, int count, size_t stride);

/// Finishes the file after the last row: its bytes stay valid until `cjpeg_writer_free`.
/// Returns 0 on success, else -1.
int cjpeg_writer_finish(cjpeg_writer *writer, const unsigned char **bytes, size_t *count);

/// libjpeg's message for the last failure.
const char *cjpeg_writer_error(const cjpeg_writer *writer);

/// Frees the encoder and its output.
void cjpeg_writer_free(cjpeg_writer *writer);

#ifdef __cplusplus
}
#endif

#endif
