#ifndef STREAMCHATAI_CCURL_SHIM_H
#define STREAMCHATAI_CCURL_SHIM_H
/* libcurl for the chat client's HTTP. curl_easy_setopt and curl_easy_getinfo
 * are variadic, which Swift can't call: these typed wrappers can. */
#include <curl/curl.h>

typedef size_t (*sca_curl_data_fn)(char *data, size_t size, size_t count, void *ctx);

static inline CURLcode sca_curl_set_long(CURL *easy, CURLoption option, long value) {
    return curl_easy_setopt(easy, option, value);
}
static inline CURLcode sca_curl_set_pointer(CURL *easy, CURLoption option, const void *value) {
    return curl_easy_setopt(easy, option, value);
}
static inline CURLcode sca_curl_set_size(CURL *easy, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(easy, option, value);
}
static inline CURLcode sca_curl_set_data_fn(CURL *easy, CURLoption option, sca_curl_data_fn fn) {
    return curl_easy_setopt(easy, option, fn);
}
static inline long sca_curl_response_code(CURL *easy) {
    long code = 0;
    curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &code);
    return code;
}
#endif
