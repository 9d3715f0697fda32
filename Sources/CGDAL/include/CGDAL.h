// GDAL's C API: datasets and bands, the gdalwarp and gdalbuildvrt library functions, spatial
// references and coordinate transformations, configuration and error handling.
//
// libgdal is loaded with dlopen the first time it is needed rather than linked: it and the
// ~120 shared objects it depends on (PROJ, GEOS, HDF5, NetCDF, Poppler, Xerces, ICU, …) were
// otherwise mapped and relocated at every start of the program, some 25 ms of a street map
// process, for the one command that uses it (basemap import-dem). The functions the program
// calls are defined in cgdal.c with GDAL's own names and prototypes (so the compiler checks
// them against these headers), each passing the call to the loaded library; they are hidden
// from the dynamic symbol table, so GDAL's own calls never reach them.
//
// Debian puts GDAL's headers in /usr/include/gdal (libgdal-dev), outside the compiler's
// search path; its pkg-config file would also link the library.
#ifndef CGDAL_H
#define CGDAL_H

#include "/usr/include/gdal/gdal.h"
#include "/usr/include/gdal/gdal_utils.h"
#include "/usr/include/gdal/ogr_srs_api.h"
#include "/usr/include/gdal/cpl_conv.h"
#include "/usr/include/gdal/cpl_error.h"
#include "/usr/include/gdal/cpl_string.h"
#include "/usr/include/gdal/cpl_vsi.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Loads libgdal (once; later calls return the first answer) and returns NULL, or a
/// sentence saying why it cannot be loaded. Call it before any other GDAL function: those
/// abort the process when the library is not loaded.
const char *cgdal_load(void);

#ifdef __cplusplus
}
#endif

#endif
