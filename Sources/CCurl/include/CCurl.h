// A small blocking HTTP GET on top of libcurl, which is loaded with dlopen the first time
// it is needed rather than linked: libcurl and its ~25 dependencies (TLS, Kerberos, LDAP,
// SSH…) would otherwise be mapped and relocated at every start of the program, including
// the great majority of runs that never touch the network.
#ifndef CCURL_H
#define CCURL_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One request's answer, or why there is none.
typedef struct ccurl_response {
    /// The final HTTP status (after redirects), 0 when no answer came.
    long status;
    /// libcurl's CURLcode; 0 is success.
    int code;
    /// Set when the body grew past the caller's limit (the transfer was stopped).
    int body_too_large;
    /// libcurl's message for a failure, NUL-terminated.
    char error[256];
    /// The body, `body_length` bytes (malloc'ed, may be NULL when empty).
    unsigned char *body;
    size_t body_length;
    /// The header lines of the final response, CRLF-separated (malloc'ed, may be NULL).
    char *headers;
    size_t headers_length;
} ccurl_response;

/// Broad classes of libcurl failures, so that callers need not know CURLcode values.
typedef enum ccurl_failure {
    CCURL_OK = 0,
    CCURL_TIMED_OUT,
    CCURL_CANNOT_RESOLVE,
    CCURL_CANNOT_CONNECT,
    CCURL_CONNECTION_LOST,
    CCURL_TLS,
    CCURL_TOO_MANY_REDIRECTS,
    CCURL_UNSUPPORTED_PROTOCOL,
    CCURL_BAD_URL,
    CCURL_BODY_TOO_LARGE,
    /// Every address of the host was refused by the caller's address check.
    CCURL_REFUSED,
    CCURL_OTHER
} ccurl_failure;

/// Loads libcurl (once per process, thread-safe). Returns 0 on success; otherwise writes a
/// NUL-terminated reason into `reason` (at most `length` bytes) and returns -1.
int ccurl_load(char *reason, size_t length);

/// A reusable transfer handle (keeps connections alive between requests); NULL when libcurl
/// is not loaded or out of memory. One thread at a time per handle.
void *ccurl_handle_create(void);
void ccurl_handle_destroy(void *handle);

/// Decides whether a connection may be opened to an address: `address` is 4 bytes (IPv4) or
/// 16 (IPv6) in network order. Returns 0 to allow it. Called on the requesting thread.
typedef int (*ccurl_address_check)(void *context, const unsigned char *address, size_t length);

/// GETs `url` with the given extra request header lines ("Name: value"), following up to 5
/// redirects over http and https only.
///
/// - `guarded`: when non-zero, redirects are not followed (the caller follows them, checking
///   each target), no proxy is used (the proxy, not we, would resolve the name), and
///   `check`, when not NULL, is asked about every address before a connection to it opens
///   (with `check_context`).
///
/// - `timeout_ms`: for the whole transfer, connecting included (at least 1).
/// - `max_body`: the largest body accepted, in bytes; a larger one stops the transfer with
///   CCURL_BODY_TOO_LARGE.
///
/// Always fills `response` (release it with `ccurl_response_release`) and returns the
/// failure class, CCURL_OK when an HTTP answer (of any status) came.
ccurl_failure ccurl_get(
    void *handle, const char *url, const char *const *headers, size_t header_count, long timeout_ms,
    size_t max_body, int guarded, ccurl_address_check check, void *check_context, ccurl_response *response);

/// Parses `reference` as libcurl's transfers will (resolved against `base` when that is not
/// NULL, as a redirect's Location is), so that the host a caller checks is the host libcurl
/// connects to. Writes the whole URL, its scheme and its host (an IPv6 address in brackets),
/// each NUL-terminated within its length; returns 0, or -1 when the URL cannot be parsed,
/// a part does not fit or libcurl is not loaded.
int ccurl_url_parts(
    const char *base, const char *reference, char *url, size_t url_length, char *scheme, size_t scheme_length,
    char *host, size_t host_length);

/// Frees the buffers of a response.
void ccurl_response_release(ccurl_response *response);

#ifdef __cplusplus
}
#endif

#endif
