// See CGDAL.h: GDAL's functions that the program calls, each passed to libgdal, which is
// loaded on first use with dlopen and resolved with dlsym.
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

// Everything declared from here on, GDAL's prototypes included, stays out of the program's
// dynamic symbol table: the definitions below replace GDAL's names inside this program only.
#pragma GCC visibility push(hidden)
#include "CGDAL.h"

#define CGDAL_FUNCTIONS(X) \
    X(GDALAllRegister) \
    X(GDALVersionInfo) \
    X(GDALSetCacheMax64) \
    X(GDALOpenEx) \
    X(GDALClose) \
    X(GDALGetRasterBand) \
    X(GDALGetRasterXSize) \
    X(GDALGetRasterYSize) \
    X(GDALGetRasterCount) \
    X(GDALGetGeoTransform) \
    X(GDALSetGeoTransform) \
    X(GDALGetSpatialRef) \
    X(GDALSetSpatialRef) \
    X(GDALGetRasterNoDataValue) \
    X(GDALSetRasterNoDataValue) \
    X(GDALComputeRasterMinMax) \
    X(GDALFillRaster) \
    X(GDALRasterIO) \
    X(GDALGetDriverByName) \
    X(GDALCreate) \
    X(GDALWarpAppOptionsNew) \
    X(GDALWarpAppOptionsFree) \
    X(GDALWarp) \
    X(GDALBuildVRTOptionsNew) \
    X(GDALBuildVRTOptionsFree) \
    X(GDALBuildVRT) \
    X(OSRNewSpatialReference) \
    X(OSRClone) \
    X(OSRDestroySpatialReference) \
    X(OSRImportFromEPSG) \
    X(OSRExportToWkt) \
    X(OSRSetAxisMappingStrategy) \
    X(OSRIsGeographic) \
    X(OSRGetLinearUnits) \
    X(OCTNewCoordinateTransformation) \
    X(OCTDestroyCoordinateTransformation) \
    X(OCTTransformBounds) \
    X(CPLErrorReset) \
    X(CPLGetLastErrorMsg) \
    X(CPLQuietErrorHandler) \
    X(CPLPushErrorHandler) \
    X(CPLPopErrorHandler) \
    X(VSIFree) \
    X(CSLAddString) \
    X(CSLDestroy) \
    X(GDALOpen) \
    X(GDALInvGeoTransform) \
    X(OCTTransform) \
    X(VSIFCloseL) \
    X(VSIFileFromMemBuffer) \
    X(VSIUnlink)

static struct {
#define CGDAL_FIELD(name) __typeof__(&name) name;
    CGDAL_FUNCTIONS(CGDAL_FIELD)
#undef CGDAL_FIELD
} api;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded;
static char load_failure[300];

static void load(void) {
    // Debian 12's soname first, then later releases', then the development link.
    static const char *const names[] = {
        "libgdal.so.32", "libgdal.so.33", "libgdal.so.34", "libgdal.so.35", "libgdal.so.36", "libgdal.so",
    };
    void *library = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && library == NULL; i++) {
        library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) {
        snprintf(load_failure, sizeof load_failure, "GDAL is not installed (%s)", dlerror());
        return;
    }
#define CGDAL_RESOLVE(name) \
    *(void **)(&api.name) = dlsym(library, #name); \
    if (api.name == NULL) { \
        snprintf(load_failure, sizeof load_failure, "the installed GDAL lacks %s", #name); \
        return; \
    }
    CGDAL_FUNCTIONS(CGDAL_RESOLVE)
#undef CGDAL_RESOLVE
    loaded = 1;
}

const char *cgdal_load(void) {
    pthread_once(&load_once, load);
    return loaded ? NULL : load_failure;
}

// A GDAL function called before cgdal_load succeeded is a programming error.
static void require_loaded(void) {
    if (!loaded) {
        fputs("GDAL called before cgdal_load() loaded it\n", stderr);
        abort();
    }
}

void GDALAllRegister(void) {
    require_loaded();
    api.GDALAllRegister();
}

const char *GDALVersionInfo(const char *a) {
    require_loaded();
    return api.GDALVersionInfo(a);
}

void GDALSetCacheMax64(GIntBig a) {
    require_loaded();
    api.GDALSetCacheMax64(a);
}

GDALDatasetH GDALOpenEx(const char *a, unsigned int b, const char *const *c, const char *const *d, const char *const *e) {
    require_loaded();
    return api.GDALOpenEx(a, b, c, d, e);
}

void GDALClose(GDALDatasetH a) {
    require_loaded();
    api.GDALClose(a);
}

GDALRasterBandH GDALGetRasterBand(GDALDatasetH a, int b) {
    require_loaded();
    return api.GDALGetRasterBand(a, b);
}

int GDALGetRasterXSize(GDALDatasetH a) {
    require_loaded();
    return api.GDALGetRasterXSize(a);
}

int GDALGetRasterYSize(GDALDatasetH a) {
    require_loaded();
    return api.GDALGetRasterYSize(a);
}

int GDALGetRasterCount(GDALDatasetH a) {
    require_loaded();
    return api.GDALGetRasterCount(a);
}

CPLErr GDALGetGeoTransform(GDALDatasetH a, double *b) {
    require_loaded();
    return api.GDALGetGeoTransform(a, b);
}

CPLErr GDALSetGeoTransform(GDALDatasetH a, double *b) {
    require_loaded();
    return api.GDALSetGeoTransform(a, b);
}

OGRSpatialReferenceH GDALGetSpatialRef(GDALDatasetH a) {
    require_loaded();
    return api.GDALGetSpatialRef(a);
}

CPLErr GDALSetSpatialRef(GDALDatasetH a, OGRSpatialReferenceH b) {
    require_loaded();
    return api.GDALSetSpatialRef(a, b);
}

double GDALGetRasterNoDataValue(GDALRasterBandH a, int *b) {
    require_loaded();
    return api.GDALGetRasterNoDataValue(a, b);
}

CPLErr GDALSetRasterNoDataValue(GDALRasterBandH a, double b) {
    require_loaded();
    return api.GDALSetRasterNoDataValue(a, b);
}

CPLErr GDALComputeRasterMinMax(GDALRasterBandH a, int b, double c[2]) {
    require_loaded();
    return api.GDALComputeRasterMinMax(a, b, c);
}

CPLErr GDALFillRaster(GDALRasterBandH a, double b, double c) {
    require_loaded();
    return api.GDALFillRaster(a, b, c);
}

CPLErr GDALRasterIO(GDALRasterBandH a, GDALRWFlag b, int c, int d, int e, int f, void *g, int h, int i, GDALDataType j, int k, int l) {
    require_loaded();
    return api.GDALRasterIO(a, b, c, d, e, f, g, h, i, j, k, l);
}

GDALDriverH GDALGetDriverByName(const char *a) {
    require_loaded();
    return api.GDALGetDriverByName(a);
}

GDALDatasetH GDALCreate(GDALDriverH a, const char *b, int c, int d, int e, GDALDataType f, CSLConstList g) {
    require_loaded();
    return api.GDALCreate(a, b, c, d, e, f, g);
}

GDALWarpAppOptions *GDALWarpAppOptionsNew(char **a, GDALWarpAppOptionsForBinary *b) {
    require_loaded();
    return api.GDALWarpAppOptionsNew(a, b);
}

void GDALWarpAppOptionsFree(GDALWarpAppOptions *a) {
    require_loaded();
    api.GDALWarpAppOptionsFree(a);
}

GDALDatasetH GDALWarp(const char *a, GDALDatasetH b, int c, GDALDatasetH *d, const GDALWarpAppOptions *e, int *f) {
    require_loaded();
    return api.GDALWarp(a, b, c, d, e, f);
}

GDALBuildVRTOptions *GDALBuildVRTOptionsNew(char **a, GDALBuildVRTOptionsForBinary *b) {
    require_loaded();
    return api.GDALBuildVRTOptionsNew(a, b);
}

void GDALBuildVRTOptionsFree(GDALBuildVRTOptions *a) {
    require_loaded();
    api.GDALBuildVRTOptionsFree(a);
}

GDALDatasetH GDALBuildVRT(const char *a, int b, GDALDatasetH *c, const char *const *d, const GDALBuildVRTOptions *e, int *f) {
    require_loaded();
    return api.GDALBuildVRT(a, b, c, d, e, f);
}

OGRSpatialReferenceH OSRNewSpatialReference(const char *a) {
    require_loaded();
    return api.OSRNewSpatialReference(a);
}

OGRSpatialReferenceH OSRClone(OGRSpatialReferenceH a) {
    require_loaded();
    return api.OSRClone(a);
}

void OSRDestroySpatialReference(OGRSpatialReferenceH a) {
    require_loaded();
    api.OSRDestroySpatialReference(a);
}

OGRErr OSRImportFromEPSG(OGRSpatialReferenceH a, int b) {
    require_loaded();
    return api.OSRImportFromEPSG(a, b);
}

OGRErr OSRExportToWkt(OGRSpatialReferenceH a, char **b) {
    require_loaded();
    return api.OSRExportToWkt(a, b);
}

void OSRSetAxisMappingStrategy(OGRSpatialReferenceH a, OSRAxisMappingStrategy b) {
    require_loaded();
    api.OSRSetAxisMappingStrategy(a, b);
}

int OSRIsGeographic(OGRSpatialReferenceH a) {
    require_loaded();
    return api.OSRIsGeographic(a);
}

double OSRGetLinearUnits(OGRSpatialReferenceH a, char **b) {
    require_loaded();
    return api.OSRGetLinearUnits(a, b);
}

OGRCoordinateTransformationH OCTNewCoordinateTransformation(OGRSpatialReferenceH a, OGRSpatialReferenceH b) {
    require_loaded();
    return api.OCTNewCoordinateTransformation(a, b);
}

void OCTDestroyCoordinateTransformation(OGRCoordinateTransformationH a) {
    require_loaded();
    api.OCTDestroyCoordinateTransformation(a);
}

int OCTTransformBounds(OGRCoordinateTransformationH a, const double b, const double c, const double d, const double e, double *f, double *g, double *h, double *i, const int j) {
    require_loaded();
    return api.OCTTransformBounds(a, b, c, d, e, f, g, h, i, j);
}

void CPLErrorReset(void) {
    require_loaded();
    api.CPLErrorReset();
}

const char *CPLGetLastErrorMsg(void) {
    require_loaded();
    return api.CPLGetLastErrorMsg();
}

void CPLQuietErrorHandler(CPLErr a, CPLErrorNum b, const char *c) {
    require_loaded();
    api.CPLQuietErrorHandler(a, b, c);
}

void CPLPushErrorHandler(CPLErrorHandler a) {
    require_loaded();
    api.CPLPushErrorHandler(a);
}

void CPLPopErrorHandler(void) {
    require_loaded();
    api.CPLPopErrorHandler();
}

void VSIFree(void *a) {
    require_loaded();
    api.VSIFree(a);
}

char **CSLAddString(char **a, const char *b) {
    require_loaded();
    return api.CSLAddString(a, b);
}

void CSLDestroy(char **a) {
    require_loaded();
    api.CSLDestroy(a);
}

GDALDatasetH GDALOpen(const char *a, GDALAccess b) {
    require_loaded();
    return api.GDALOpen(a, b);
}

int GDALInvGeoTransform(double *a, double *b) {
    require_loaded();
    return api.GDALInvGeoTransform(a, b);
}

int OCTTransform(OGRCoordinateTransformationH a, int b, double *c, double *d, double *e) {
    require_loaded();
    return api.OCTTransform(a, b, c, d, e);
}

int VSIFCloseL(VSILFILE *a) {
    require_loaded();
    return api.VSIFCloseL(a);
}

VSILFILE *VSIFileFromMemBuffer(const char *a, GByte *b, vsi_l_offset c, int d) {
    require_loaded();
    return api.VSIFileFromMemBuffer(a, b, c, d);
}

int VSIUnlink(const char *a) {
    require_loaded();
    return api.VSIUnlink(a);
}

#pragma GCC visibility pop
