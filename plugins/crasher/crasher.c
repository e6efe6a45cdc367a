/*
 * crasher — a test plugin that crashes on purpose (SIGSEGV, abort) to show
 * that a plugin marked "isolation": "process" costs a call, not the host.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "streamchatai_plugin.h"

static const sca_host_services *host;

static int32_t crasher_init(const sca_host_services *services) { host = services; return 0; }
static void crasher_shutdown(void) {}

static int32_t crasher_has_tool(const char *name) {
    return strcmp(name, "segfault") == 0 || strcmp(name, "abort") == 0 || strcmp(name, "echo") == 0;
}

static int32_t crasher_call_tool(const char *name, const char *arguments_json, sca_plugin_call *call) {
    if (strcmp(name, "segfault") == 0) {
        volatile int *nowhere = NULL;
        *nowhere = 1;
    }
    if (strcmp(name, "abort") == 0) abort();
    if (strcmp(name, "echo") == 0) {
        char result[512];
        int written = snprintf(result, sizeof result, "{\"status\":\"completed\",\"output\":%s,\"summary\":\"echoed\"}",
                               arguments_json);
        host->complete(call, written > 0 && (size_t)written < sizeof result
                                 ? result : "{\"status\":\"failed\",\"error\":\"arguments too long to echo\"}");
        return 0;
    }
    return 1;
}

static const sca_plugin plugin = {
    sizeof(sca_plugin), SCA_PLUGIN_ABI_MAJOR, SCA_PLUGIN_ABI_MINOR, "crasher",
    crasher_init, crasher_shutdown, crasher_has_tool, crasher_call_tool, NULL,
};

SCA_PLUGIN_EXPORT const sca_plugin *sca_plugin_entry_v1(void) { return &plugin; }
