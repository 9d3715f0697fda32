// See CCurl.h. libcurl's API is used through pointers resolved with dlsym, so the program
// has no link-time dependency on it; the header only supplies the types and constants.
#define CURL_DISABLE_DEPRECATION 1
#include "CCurl.h"

#include <curl/curl.h>
#include <dlfcn.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    void (*easy_reset)(CURL *);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    CURLU *(*url)(void);
    void (*url_cleanup)(CURLU *);
    CURLUcode (*url_set)(CURLU *, CURLUPart, const char *, unsigned int);
    CURLUcode (*url_get)(const CURLU *, CURLUPart, char **, unsigned int);
    void (*free)(void *);
} api;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_failure[200];

static void load(void) {
    // The OpenSSL build's soname first, then the GnuTLS one (Debian's libcurl3-gnutls).
    static const char *const names[] = {"libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so"};
    void *library = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && library == NULL; i++) {
        library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) {
        snprintf(load_failure, sizeof load_failure, "libcurl is not installed (%s)", dlerror());
        return;
    }
#define RESOLVE(field, symbol)                                                                    \
    do {                                                                                          \
        *(void **)(&api.field) = dlsym(library, symbol);                                          \
        if (api.field == NULL) {                                                                  \
            snprintf(load_failure, sizeof load_failure, "libcurl lacks %s", symbol);              \
            return;                                                                               \
        }                                                                                         \
    } while (0)
    RESOLVE(global_init, "curl_global_init");
    RESOLVE(easy_init, "curl_easy_init");
    RESOLVE(easy_cleanup, "curl_easy_cleanup");
    RESOLVE(easy_reset, "curl_easy_reset");
    RESOLVE(easy_setopt, "curl_easy_setopt");
    RESOLVE(easy_perform, "curl_easy_perform");
    RESOLVE(easy_getinfo, "curl_easy_getinfo");
    RESOLVE(easy_strerror, "curl_easy_strerror");
    RESOLVE(slist_append, "curl_slist_append");
    RESOLVE(slist_free_all, "curl_slist_free_all");
    RESOLVE(url, "curl_url");
    RESOLVE(url_cleanup, "curl_url_cleanup");
    RESOLVE(url_set, "curl_url_set");
    RESOLVE(url_get, "curl_url_get");
    RESOLVE(free, "curl_free");
#undef RESOLVE
    // Not thread-safe in older libcurl, hence here, under pthread_once.
    CURLcode code = api.global_init(CURL_GLOBAL_DEFAULT);
    if (code != CURLE_OK) {
        snprintf(load_failure, sizeof load_failure, "libcurl failed to start (%s)", api.easy_strerror(code));
        return;
    }
    load_failure[0] = '\0';
}

int ccurl_load(char *reason, size_t length) {
    pthread_once(&load_once, load);
    if (load_failure[0] == '\0') return 0;
    if (reason != NULL && length > 0) snprintf(reason, length, "%s", load_failure);
    return -1;
}

void *ccurl_handle_create(void) {
    if (ccurl_load(NULL, 0) != 0) return NULL;
    return api.easy_init();
}

void ccurl_handle_destroy(void *handle) {
    if (handle != NULL) api.easy_cleanup(handle);
}

/// Where the callbacks put what arrives.
typedef struct sink {
    ccurl_response *response;
    size_t max_body;
    size_t body_capacity;
    size_t headers_capacity;
} sink;

/// Appends to a growing malloc'ed buffer; 0 when out of memory.
static int append(unsigned char **buffer, size_t *length, size_t *capacity, const char *data, size_t count) {
    if (*length + count + 1 > *capacity) {
        size_t wanted = *capacity ? *capacity : 16384;
        while (wanted < *length + count + 1) wanted *= 2;
        unsigned char *grown = realloc(*buffer, wanted);
        if (grown == NULL) return 0;
        *buffer = grown;
        *capacity = wanted;
    }
    memcpy(*buffer + *length, data, count);
    *length += count;
    (*buffer)[*length] = 0;
    return 1;
}

static size_t on_body(char *data, size_t size, size_t count, void *context) {
    sink *s = context;
    size_t bytes = size * count;
    if (s->response->body_length + bytes > s->max_body) {
        s->response->body_too_large = 1;
        return 0;  // stops the transfer with CURLE_WRITE_ERROR
    }
    return append(&s->response->body, &s->response->body_length, &s->body_capacity, data, bytes) ? bytes : 0;
}

static size_t on_header(char *data, size_t size, size_t count, void *context) {
    sink *s = context;
    size_t bytes = size * count;
    // A status line starts the headers of a new response (a redirect's target, or the answer
    // after "100 Continue"): only the final response's headers are kept.
    if (bytes >= 5 && memcmp(data, "HTTP/", 5) == 0) s->response->headers_length = 0;
    if (s->response->headers_length + bytes > (1u << 20)) return 0;  // 1 MiB of headers is an attack
    unsigned char **buffer = (unsigned char **)&s->response->headers;
    return append(buffer, &s->response->headers_length, &s->headers_capacity, data, bytes) ? bytes : 0;
}

/// The caller's address check, and whether it refused an address.
typedef struct guard {
    ccurl_address_check check;
    void *context;
    int refused;
} guard;

/// CURLOPT_OPENSOCKETFUNCTION: libcurl calls it with the resolved address of every
/// connection it is about to open, so the address checked is the one connected to (a name
/// resolved again later cannot slip another in).
static curl_socket_t open_checked(void *context, curlsocktype purpose, struct curl_sockaddr *address) {
    (void)purpose;
    guard *g = context;
    const unsigned char *bytes = NULL;
    size_t length = 0;
    if (address->family == AF_INET) {
        bytes = (const unsigned char *)&((const struct sockaddr_in *)&address->addr)->sin_addr;
        length = 4;
    } else if (address->family == AF_INET6) {
        bytes = (const unsigned char *)&((const struct sockaddr_in6 *)&address->addr)->sin6_addr;
        length = 16;
    }
    if (bytes == NULL || g->check(g->context, bytes, length) != 0) {
        g->refused = 1;
        return CURL_SOCKET_BAD;
    }
    return socket(address->family, address->socktype, address->protocol);
}

static ccurl_failure classify(CURLcode code, int body_too_large) {
    if (body_too_large) return CCURL_BODY_TOO_LARGE;
    switch (code) {
        case CURLE_OK: return CCURL_OK;
        case CURLE_OPERATION_TIMEDOUT: return CCURL_TIMED_OUT;
        case CURLE_COULDNT_RESOLVE_HOST:
        case CURLE_COULDNT_RESOLVE_PROXY: return CCURL_CANNOT_RESOLVE;
        case CURLE_COULDNT_CONNECT: return CCURL_CANNOT_CONNECT;
        case CURLE_GOT_NOTHING:
        case CURLE_RECV_ERROR:
        case CURLE_SEND_ERROR:
        case CURLE_PARTIAL_FILE:
        case CURLE_HTTP2:
        case CURLE_HTTP2_STREAM: return CCURL_CONNECTION_LOST;
        case CURLE_SSL_CONNECT_ERROR:
        case CURLE_PEER_FAILED_VERIFICATION:
        case CURLE_SSL_CERTPROBLEM:
        case CURLE_SSL_CIPHER:
        case CURLE_SSL_CACERT_BADFILE:
        case CURLE_SSL_ISSUER_ERROR:
        case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
        case CURLE_SSL_INVALIDCERTSTATUS: return CCURL_TLS;
        case CURLE_TOO_MANY_REDIRECTS: return CCURL_TOO_MANY_REDIRECTS;
        case CURLE_UNSUPPORTED_PROTOCOL: return CCURL_UNSUPPORTED_PROTOCOL;
        case CURLE_URL_MALFORMAT: return CCURL_BAD_URL;
        default: return CCURL_OTHER;
    }
}

ccurl_failure ccurl_get(
    void *handle, const char *url, const char *const *headers, size_t header_count, long timeout_ms,
    size_t max_body, int guarded, ccurl_address_check check, void *check_context, ccurl_response *response) {
    memset(response, 0, sizeof *response);
    if (handle == NULL) {
        char reason[sizeof response->error];
        ccurl_load(reason, sizeof reason);
        snprintf(response->error, sizeof response->error, "%s", reason);
        response->code = -1;
        return CCURL_OTHER;
    }
    CURL *curl = handle;
    // A reset keeps the connection cache (and so keep-alive) but forgets the last options.
    api.easy_reset(curl);
    struct curl_slist *list = NULL;
    for (size_t i = 0; i < header_count; i++) {
        struct curl_slist *grown = api.slist_append(list, headers[i]);
        if (grown == NULL) break;
        list = grown;
    }
    sink s = {response, max_body, 0, 0};
    if (timeout_ms < 1) timeout_ms = 1;
    api.easy_setopt(curl, CURLOPT_URL, url);
    api.easy_setopt(curl, CURLOPT_HTTPHEADER, list);
    api.easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);  // timeouts without SIGALRM: we run on threads
    api.easy_setopt(curl, CURLOPT_TIMEOUT_MS, timeout_ms);
    api.easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
    guard g = {check, check_context, 0};
    if (guarded) {
        api.easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
        api.easy_setopt(curl, CURLOPT_PROXY, "");  // "" turns off the environment's proxies
        if (check != NULL) {
            api.easy_setopt(curl, CURLOPT_OPENSOCKETFUNCTION, open_checked);
            api.easy_setopt(curl, CURLOPT_OPENSOCKETDATA, &g);
        }
    } else {
        api.easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);
        api.easy_setopt(curl, CURLOPT_MAXREDIRS, 5L);
    }
    // Only http and https, for the first request and for every redirect: a server must not
    // be able to send us to file:// or another scheme.
    if (api.easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https") != CURLE_OK) {
        api.easy_setopt(curl, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
    }
    if (api.easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https") != CURLE_OK) {
        api.easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
    }
    api.easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");
    api.easy_setopt(curl, CURLOPT_ERRORBUFFER, response->error);
    api.easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body);
    api.easy_setopt(curl, CURLOPT_WRITEDATA, &s);
    api.easy_setopt(curl, CURLOPT_HEADERFUNCTION, on_header);
    api.easy_setopt(curl, CURLOPT_HEADERDATA, &s);
    CURLcode code = api.easy_perform(curl);
    api.easy_setopt(curl, CURLOPT_ERRORBUFFER, NULL);
    api.easy_setopt(curl, CURLOPT_HTTPHEADER, NULL);
    api.slist_free_all(list);
    response->code = (int)code;
    if (code != CURLE_OK && response->error[0] == '\0') {
        snprintf(response->error, sizeof response->error, "%s", api.easy_strerror(code));
    }
    long status = 0;
    api.easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    response->status = code == CURLE_OK ? status : 0;
    if (code != CURLE_OK && g.refused) return CCURL_REFUSED;
    return classify(code, response->body_too_large);
}

/// Copies a part of `handle` into `out` (at most `length` bytes, NUL-terminated); 0 on success.
static int copy_part(CURLU *handle, CURLUPart part, char *out, size_t length) {
    char *text = NULL;
    if (api.url_get(handle, part, &text, 0) != CURLUE_OK || text == NULL) return -1;
    int fits = strlen(text) < length;
    if (fits) memcpy(out, text, strlen(text) + 1);
    api.free(text);
    return fits ? 0 : -1;
}

int ccurl_url_parts(
    const char *base, const char *reference, char *url, size_t url_length, char *scheme, size_t scheme_length,
    char *host, size_t host_length) {
    if (ccurl_load(NULL, 0) != 0) return -1;
    CURLU *handle = api.url();
    if (handle == NULL) return -1;
    int failed = (base != NULL && api.url_set(handle, CURLUPART_URL, base, 0) != CURLUE_OK)
        || api.url_set(handle, CURLUPART_URL, reference, 0) != CURLUE_OK
        || copy_part(handle, CURLUPART_URL, url, url_length) != 0
        || copy_part(handle, CURLUPART_SCHEME, scheme, scheme_length) != 0
        || copy_part(handle, CURLUPART_HOST, host, host_length) != 0;
    api.url_cleanup(handle);
    return failed ? -1 : 0;
}

void ccurl_response_release(ccurl_response *response) {
    free(response->body);
    free(response->headers);
    response->body = NULL;
    response->headers = NULL;
    response->body_length = 0;
    response->headers_length = 0;
}
