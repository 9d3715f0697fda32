// GDAL's C API: datasets and bands, the gdalwarp and gdalbuildvrt library functions, spatial
// references and coordinate transformations, configuration and error handling.
#include <gdal.h>
#include <gdal_utils.h>
#include <ogr_srs_api.h>
#include <cpl_conv.h>
#include <cpl_error.h>
#include <cpl_string.h>
#include <cpl_vsi.h>
