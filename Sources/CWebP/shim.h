// libwebp's encoder and decoder (https://developers.google.com/speed/webp/docs/api).
#include <webp/encode.h>
#include <webp/decode.h>
