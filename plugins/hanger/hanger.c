#define _POSIX_C_SOURCE 200809L
/*
 * hanger — a test plugin whose "hang" tool never answers, to show that a
 * process-isolated plugin's call fails after its timeout and the next call
 * gets a fresh process.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "streamchatai_plugin.h"

static const sca_host_services *host;

static int32_t hanger_init(const sca_host_services *services) { host = services; return 0; }
static void hanger_shutdown(void) {}

static int32_t hanger_has_tool(const char *name) {
    return strcmp(name, "hang") == 0 || strcmp(name, "pid") == 0;
}

static int32_t hanger_call_tool(const char *name, const char *arguments_json, sca_plugin_call *call) {
    (void)arguments_json;
    if (strcmp(name, "hang") == 0) {
        for (;;) pause();
    }
    if (strcmp(name, "pid") == 0) {
        char result[128];
        snprintf(result, sizeof result, "{\"status\":\"completed\",\"output\":{\"pid\":%ld}}", (long)getpid());
        host->complete(call, result);
        return 0;
    }
    return 1;
}

static const sca_plugin plugin = {
    sizeof(sca_plugin), SCA_PLUGIN_ABI_MAJOR, SCA_PLUGIN_ABI_MINOR, "hanger",
    hanger_init, hanger_shutdown, hanger_has_tool, hanger_call_tool, NULL,
};

SCA_PLUGIN_EXPORT const sca_plugin *sca_plugin_entry_v1(void) { return &plugin; }
