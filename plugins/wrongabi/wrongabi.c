/*
 * wrongabi — a test plugin whose binary claims plugin ABI 2.0 while its
 * manifest says 1.0: the host must refuse it when it loads the binary.
 */
#include <string.h>

#include "streamchatai_plugin.h"

static int32_t wrongabi_init(const sca_host_services *services) { (void)services; return 0; }
static void wrongabi_shutdown(void) {}
static int32_t wrongabi_has_tool(const char *name) { return strcmp(name, "future") == 0; }
static int32_t wrongabi_call_tool(const char *name, const char *arguments_json, sca_plugin_call *call) {
    (void)name;
    (void)arguments_json;
    (void)call;
    return 1;
}

static const sca_plugin plugin = {
    sizeof(sca_plugin), 2, 0, "wrongabi",
    wrongabi_init, wrongabi_shutdown, wrongabi_has_tool, wrongabi_call_tool, NULL,
};

SCA_PLUGIN_EXPORT const sca_plugin *sca_plugin_entry_v1(void) { return &plugin; }
