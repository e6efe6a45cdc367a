/*
 * prober — a process plugin that tests its own isolation: the environment and
 * descriptors it inherits, output on its standard output, a child that would
 * outlive a crash, memory beyond its limit, its working directory.
 */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "streamchatai_plugin.h"

static const sca_host_services *services;

static int32_t prober_init(const sca_host_services *host) {
    services = host;
    return 0;
}

static void prober_shutdown(void) {}

static const char *tools[] = {"environment", "descriptors", "chatty", "orphan_then_crash", "allocate", "working_directory"};

static int32_t prober_has_tool(const char *name) {
    for (size_t i = 0; i < sizeof tools / sizeof *tools; i++) {
        if (strcmp(name, tools[i]) == 0) return 1;
    }
    return 0;
}

static void answer(sca_plugin_call *call, json_t *output) {
    json_t *result = json_pack("{s:s,s:o}", "status", "completed", "output", output);
    char *text = json_dumps(result, JSON_COMPACT);
    services->complete(call, text);
    free(text);
    json_decref(result);
}

static int32_t prober_call_tool(const char *name, const char *arguments_json, sca_plugin_call *call) {
    json_t *args = json_loads(arguments_json, JSON_ALLOW_NUL, NULL);
    if (strcmp(name, "environment") == 0) {
        const char *value = getenv(json_string_value(json_object_get(args, "name")) ? json_string_value(json_object_get(args, "name")) : "");
        answer(call, json_pack("{s:s?}", "value", value));
    } else if (strcmp(name, "descriptors") == 0) {
        json_t *open = json_array();
        DIR *dir = opendir("/proc/self/fd");
        struct dirent *entry;
        int own = dir ? dirfd(dir) : -1;
        while (dir && (entry = readdir(dir))) {
            if (entry->d_name[0] == '.') continue;
            int fd = atoi(entry->d_name);
            if (fd != own) json_array_append_new(open, json_integer(fd));
        }
        if (dir) closedir(dir);
        answer(call, json_pack("{s:o}", "open", open));
    } else if (strcmp(name, "chatty") == 0) {
        for (int i = 0; i < 100; i++) printf("RESULT %d 5\nnoise\n", i);
        fflush(stdout);
        answer(call, json_pack("{s:b}", "ok", 1));
    } else if (strcmp(name, "orphan_then_crash") == 0) {
        const char *file = json_string_value(json_object_get(args, "pid_file"));
        pid_t child = fork();
        if (child == 0) {
            for (;;) pause(); /* would outlive the helper */
        }
        FILE *out = file ? fopen(file, "w") : NULL;
        if (out) {
            fprintf(out, "%d\n", (int)child);
            fclose(out);
        }
        raise(SIGSEGV);
    } else if (strcmp(name, "allocate") == 0) {
        size_t bytes = (size_t)json_integer_value(json_object_get(args, "mb")) << 20;
        char *block = malloc(bytes);
        if (block) memset(block, 1, bytes);
        answer(call, json_pack("{s:b}", "allocated", block != NULL));
        free(block);
    } else if (strcmp(name, "working_directory") == 0) {
        char here[4096];
        answer(call, json_pack("{s:s?}", "path", getcwd(here, sizeof here)));
    } else {
        json_decref(args);
        return 1;
    }
    json_decref(args);
    return 0;
}

static const sca_plugin plugin = {
    sizeof(sca_plugin), SCA_PLUGIN_ABI_MAJOR, SCA_PLUGIN_ABI_MINOR, "prober",
    prober_init, prober_shutdown, prober_has_tool, prober_call_tool, NULL,
};

SCA_PLUGIN_EXPORT const sca_plugin *sca_plugin_entry_v1(void) { return &plugin; }
