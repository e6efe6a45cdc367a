/*
 * streamchatai-plugin-helper — runs one plugin marked "isolation": "process"
 * in a child process, so a crash or a hang costs a call, not the host.
 *
 *   streamchatai-plugin-helper LIBRARY ENTRY_SYMBOL PLUGIN_NAME [MEMORY_MB CPU_SECONDS]
 *
 * MEMORY_MB and CPU_SECONDS (0: none) bound the process with setrlimit
 * before the plugin loads.
 *
 * The host talks to it over standard input and output in length-prefixed
 * frames (a text header line, then exactly the announced bytes), so no
 * JSON parser is needed here:
 *
 *   helper → host   READY <abi_major> <abi_minor>\n      the plugin loaded and initialized
 *                   FAIL <len>\n<message>                  it did not; the helper exits
 *                   HAS <0|1>\n                            answer to HAS
 *                   RESULT <id> <len>\n<result json>       a call completed
 *                   REFUSED <id> <code>\n                  call_tool refused a call
 *                   LOG <level> <len>\n<message>           the plugin logged
 *   host → helper   HAS <len>\n<tool name>
 *                   CALL <id> <name len> <args len>\n<name><arguments json>
 *
 * End of input ends the helper. The frames travel on copies of the helper's
 * first standard input and output; the plugin's own standard input reads
 * /dev/null and its standard output goes to standard error (which the host
 * keeps as the plugin's log), so a plugin that prints can't break a frame.
 */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>
#include <stddef.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "streamchatai_plugin.h"

static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;
/* The protocol's streams: the helper's first standard input and output. */
static FILE *protocol_in;
static FILE *protocol_out;

struct sca_plugin_call {
    unsigned long long id;
    int done;
};

static void frame(const char *header, const char *body, size_t len) {
    pthread_mutex_lock(&out_lock);
    fputs(header, protocol_out);
    if (len) fwrite(body, 1, len, protocol_out);
    fflush(protocol_out);
    pthread_mutex_unlock(&out_lock);
}

static void host_log(const sca_host_services *host, int32_t level, const char *message) {
    char header[64];
    size_t len = message ? strlen(message) : 0;
    (void)host;
    snprintf(header, sizeof header, "LOG %d %zu\n", (int)level, len);
    frame(header, message, len);
}

static int32_t host_complete(sca_plugin_call *call, const char *result_json) {
    char header[96];
    size_t len;
    if (!call || !result_json) return 1;
    pthread_mutex_lock(&out_lock);
    if (call->done) {
        pthread_mutex_unlock(&out_lock);
        return 2;
    }
    call->done = 1;
    pthread_mutex_unlock(&out_lock);
    len = strlen(result_json);
    snprintf(header, sizeof header, "RESULT %llu %zu\n", call->id, len);
    frame(header, result_json, len);
    /* The call record is kept: a plugin may still ask is_cancelled or complete again. */
    return 0;
}

static int32_t host_is_cancelled(sca_plugin_call *call) {
    (void)call;
    return 0;
}

/* Renderers run only in the host process, so there is nothing to render here. */
static void host_request_render(sca_renderer_engine *engine, const char *message_id) {
    (void)engine;
    (void)message_id;
}

static const sca_host_services services = {
    sizeof(sca_host_services), SCA_PLUGIN_ABI_MAJOR, SCA_PLUGIN_ABI_MINOR,
    host_log, host_complete, host_is_cancelled, host_request_render,
};

static void fail(const char *message) {
    char header[64];
    snprintf(header, sizeof header, "FAIL %zu\n", strlen(message));
    frame(header, message, strlen(message));
    exit(3);
}

/* Reads exactly len bytes into a new NUL-terminated buffer. */
static char *read_body(size_t len) {
    char *body = malloc(len + 1);
    if (!body) fail("out of memory");
    if (len && fread(body, 1, len, protocol_in) != len) {
        free(body);
        return NULL;
    }
    body[len] = 0;
    return body;
}

/* Moves the protocol off descriptors 0 and 1, which the plugin may use. */
static void take_protocol(void) {
    int in = fcntl(0, F_DUPFD_CLOEXEC, 3), out = fcntl(1, F_DUPFD_CLOEXEC, 3);
    int null = open("/dev/null", O_RDONLY);
    if (in < 0 || out < 0 || null < 0 || dup2(null, 0) < 0 || dup2(2, 1) < 0) exit(4);
    close(null);
    protocol_in = fdopen(in, "r");
    protocol_out = fdopen(out, "w");
    if (!protocol_in || !protocol_out) exit(4);
}

static void limit(int resource, unsigned long long value) {
    struct rlimit bound;
    if (value == 0) return;
    bound.rlim_cur = bound.rlim_max = (rlim_t)value;
    setrlimit(resource, &bound);
}

int main(int argc, char **argv) {
    char line[256], message[512];
    if (argc != 4 && argc != 6) {
        fprintf(stderr, "usage: streamchatai-plugin-helper LIBRARY ENTRY_SYMBOL PLUGIN_NAME [MEMORY_MB CPU_SECONDS]\n");
        return 2;
    }
    take_protocol();
    if (argc == 6) {
        limit(RLIMIT_AS, strtoull(argv[4], NULL, 10) << 20);
        limit(RLIMIT_CPU, strtoull(argv[5], NULL, 10));
    }
    void *library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(message, sizeof message, "cannot load the library: %s", dlerror());
        fail(message);
    }
    sca_plugin_entry_fn entry;
    *(void **)&entry = dlsym(library, argv[2]);
    if (!entry) {
        snprintf(message, sizeof message, "the library has no entry function %s", argv[2]);
        fail(message);
    }
    const sca_plugin *plugin = entry();
    if (!plugin) fail("the entry function returned NULL");
    if (plugin->struct_size < sizeof(uint32_t) * 3) fail("the plugin table is too small");
    if (plugin->abi_major != SCA_PLUGIN_ABI_MAJOR) {
        snprintf(message, sizeof message, "the binary was built for plugin ABI %u.%u; this host speaks %d.x",
                 plugin->abi_major, plugin->abi_minor, SCA_PLUGIN_ABI_MAJOR);
        fail(message);
    }
    if (plugin->struct_size < offsetof(sca_plugin, get_feature)) fail("the plugin table lacks required functions");
    if (!plugin->init || !plugin->has_tool || !plugin->call_tool) fail("the plugin table has NULL functions");
    if (plugin->init(&services) != 0) fail("the plugin's init failed");
    snprintf(line, sizeof line, "READY %u %u\n", plugin->abi_major, plugin->abi_minor);
    frame(line, NULL, 0);

    while (fgets(line, sizeof line, protocol_in)) {
        size_t len = 0, name_len = 0, args_len = 0;
        unsigned long long id = 0;
        if (sscanf(line, "HAS %zu", &len) == 1) {
            char *name = read_body(len);
            if (!name) break;
            frame(plugin->has_tool(name) ? "HAS 1\n" : "HAS 0\n", NULL, 0);
            free(name);
        } else if (sscanf(line, "CALL %llu %zu %zu", &id, &name_len, &args_len) == 3) {
            char *name = read_body(name_len);
            char *args = name ? read_body(args_len) : NULL;
            if (!args) {
                free(name);
                break;
            }
            struct sca_plugin_call *call = calloc(1, sizeof *call);
            if (!call) fail("out of memory");
            call->id = id;
            int32_t code = plugin->call_tool(name, args, call);
            if (code != 0) {
                char header[96];
                snprintf(header, sizeof header, "REFUSED %llu %d\n", id, (int)code);
                frame(header, NULL, 0);
            }
            free(name);
            free(args);
        } else {
            fail("the host sent a frame this helper does not know");
        }
    }
    if (plugin->shutdown) plugin->shutdown();
    return 0;
}
