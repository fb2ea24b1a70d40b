// libcurl (Debian's libcurl4-openssl-dev). Only Sources/Curl imports it.
#ifndef MEDD_CCURL_SHIM_H
#define MEDD_CCURL_SHIM_H

#include <curl/curl.h>

// curl_easy_setopt, curl_multi_setopt and curl_easy_getinfo are variadic, which Swift cannot call:
// one typed wrapper for each kind of argument medd-sync passes.
static inline CURLcode medd_curl_setopt_long(CURL *easy, CURLoption option, long value) {
    return curl_easy_setopt(easy, option, value);
}
static inline CURLcode medd_curl_setopt_off(CURL *easy, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(easy, option, value);
}
static inline CURLcode medd_curl_setopt_string(CURL *easy, CURLoption option, const char *value) {
    return curl_easy_setopt(easy, option, value);
}
static inline CURLcode medd_curl_setopt_pointer(CURL *easy, CURLoption option, void *value) {
    return curl_easy_setopt(easy, option, value);
}
static inline CURLcode medd_curl_setopt_list(CURL *easy, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(easy, option, value);
}
typedef size_t (*medd_curl_data_callback)(char *data, size_t size, size_t count, void *userdata);
static inline CURLcode medd_curl_setopt_data_callback(CURL *easy, CURLoption option, medd_curl_data_callback callback) {
    return curl_easy_setopt(easy, option, callback);
}
static inline CURLcode medd_curl_getinfo_long(CURL *easy, CURLINFO info, long *value) {
    return curl_easy_getinfo(easy, info, value);
}
static inline CURLcode medd_curl_getinfo_pointer(CURL *easy, CURLINFO info, void **value) {
    return curl_easy_getinfo(easy, info, value);
}

typedef int (*medd_curl_socket_callback)(CURL *easy, curl_socket_t socket, int what, void *userdata, void *socketdata);
typedef int (*medd_curl_timer_callback)(CURLM *multi, long timeoutMilliseconds, void *userdata);
static inline CURLMcode medd_curl_multi_setopt_pointer(CURLM *multi, CURLMoption option, void *value) {
    return curl_multi_setopt(multi, option, value);
}
static inline CURLMcode medd_curl_multi_setopt_socket_callback(CURLM *multi, medd_curl_socket_callback callback) {
    return curl_multi_setopt(multi, CURLMOPT_SOCKETFUNCTION, callback);
}
static inline CURLMcode medd_curl_multi_setopt_timer_callback(CURLM *multi, medd_curl_timer_callback callback) {
    return curl_multi_setopt(multi, CURLMOPT_TIMERFUNCTION, callback);
}

// CURLAUTH_BASIC and CURLAUTH_DIGEST are cast expressions, which Swift does not import.
static inline long medd_curl_auth_basic(void) {
    return (long)CURLAUTH_BASIC;
}
static inline long medd_curl_auth_digest(void) {
    return (long)CURLAUTH_DIGEST;
}

// CURLMsg keeps the transfer's result in a union.
static inline CURLcode medd_curl_message_result(const CURLMsg *message) {
    return message->data.result;
}

#endif
