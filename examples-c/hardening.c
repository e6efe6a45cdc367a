/*
 * hardening — the reproducers of the adversarial test, through the C ABI,
 * each now answered with an error or the right result instead of a crash,
 * a hang or a duplicate. The test suite compares the output and runs it
 * under valgrind.
 *
 *   hardening PLUGINS_DIR
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "streamchatai.h"

/* Prints a call's outcome (its status, and the error when it failed), then frees its output. */
static void show(const char *finding, sca_status status, char **out) {
    printf("%s: %s", finding, sca_status_name(status));
    if (status != SCA_OK) printf(" (%s)", sca_last_error());
    printf("\n");
    if (out) {
        sca_free(*out);
        *out = NULL;
    }
}

/* D4: 600 levels on a 256 KiB thread. */
static void *parse_deep(void *arg) {
    int depth = 600;
    char *in = malloc(2 * depth + 1), *out = NULL;
    (void)arg;
    memset(in, '[', depth);
    memset(in + depth, ']', depth);
    in[2 * depth] = 0;
    /* How many levels fit depends on the build and the machine: only the status is printed. */
    sca_status status = sca_parts_decode(in, &out);
    printf("D4 600 levels on a 256 KiB thread: %s, %s\n", sca_status_name(status),
           strstr(sca_last_error(), "nested too deeply for this thread's stack") ? "because of the thread's stack" : sca_last_error());
    sca_free(out);
    free(in);
    return NULL;
}

/* D9: an event delivered from inside send. */
static sca_ui_host *host;
static int nested, sends;
static int ui_send(void *ctx, const char *action) {
    (void)ctx;
    sends++;
    printf("  sent %.40s\n", strstr(action, "\"label\""));
    if (!nested++) sca_ui_host_event(host, "m", "{\"node_id\":\"card-a\",\"name\":\"tap\",\"label\":\"second\"}", NULL);
    return 0;
}

/* D11: eight threads share one runner; every call of the reply runs once. */
static sca_runner *shared_runner;
static char reply[64 * 200];
static int tool_runs;
static pthread_mutex_t runs_lock = PTHREAD_MUTEX_INITIALIZER;
static sca_result *first_result;
static void counted_tool(void *ctx, const char *call, sca_result *r) {
    (void)ctx;
    (void)call;
    pthread_mutex_lock(&runs_lock);
    tool_runs++;
    if (!first_result) first_result = r;
    pthread_mutex_unlock(&runs_lock);
    sca_result_complete(r, "{}", NULL);
}
static int accept_send(void *ctx, const char *call, const char *result) {
    (void)ctx;
    (void)call;
    (void)result;
    return 1;
}
static void *hammer(void *arg) {
    (void)arg;
    for (int k = 0; k < 200; k++) sca_runner_run(shared_runner, reply, accept_send, NULL);
    return NULL;
}

/* D14: a UI tool that answers after its timeout. */
static sca_result *pending;
static void slow_tool(void *ctx, const char *call, sca_result *r) {
    (void)ctx;
    (void)call;
    pending = r;
}

int main(int argc, char **argv) {
    char *out = NULL;
    pthread_attr_t attributes;
    pthread_t thread;
    if (argc != 2) {
        fprintf(stderr, "usage: hardening PLUGINS_DIR\n");
        return 2;
    }

    sca_status status = sca_steps_render("[{\"type\":\"ai_tool_call\",\"id\":\"c\",\"duration_ms\":9223372036854775807}]", NULL, &out);
    show("D1 a duration near INT64_MAX", status, &out);

    pthread_attr_init(&attributes);
    pthread_attr_setstacksize(&attributes, 256 << 10);
    pthread_create(&thread, &attributes, parse_deep, NULL);
    pthread_join(thread, NULL);
    pthread_attr_destroy(&attributes);

    sca_limit(SCA_LIMIT_INPUT_BYTES, INT64_MAX);
    printf("D5 the input limit set to INT64_MAX reads back as %lld\n", (long long)sca_limit(SCA_LIMIT_INPUT_BYTES, -1));
    status = sca_parts_decode("[]", &out);
    show("   and a call after it", status, &out);
    sca_limit(SCA_LIMIT_INPUT_BYTES, 64 << 20);

    sca_ui_host_new(NULL, &host);
    sca_ui_host_set_callbacks(host, ui_send, NULL, NULL, NULL);
    sca_ui_host_load_plugins(host, argv[1], NULL);
    sca_ui_host_receive(host, "m", "{\"ai_ui\":{\"v\":1,\"format\":\"cards\",\"version\":\"1.0\",\"content\":[{\"id\":\"a\",\"title\":\"A\",\"action\":\"go\"}]}}", NULL);
    sca_ui_host_render(host, "m", &out);
    sca_free(out);
    out = NULL;
    printf("D9 a tap whose send taps again:\n");
    sca_ui_host_event(host, "m", "{\"node_id\":\"card-a\",\"name\":\"tap\",\"label\":\"first\"}", NULL);
    printf("  %d actions sent for 2 taps\n", sends);

    status = sca_ui_host_event(host, "m", "{\"node_id\":\"card-a\",\"name\":\"tap\",\"value\":\"\\u0000\"}", &out);
    show("D12 a NUL in an event value for the cards plugin", status, &out);
    sca_ui_host_free(host);

    sca_ui_host_new("{\"tool_timeout_ms\": 20}", &host);
    sca_ui_host_add_tool(host, "{\"name\":\"t\",\"inputSchema\":{\"type\":\"object\"},\"annotations\":{\"readOnlyHint\":true}}", slow_tool, NULL);
    sca_ui_host_run_tool(host, "t", NULL, 0, &out);
    printf("D14 run_tool: %s\n", out);
    sca_free(out);
    out = NULL;
    status = sca_result_complete(pending, "{\"x\": 1}", NULL);
    show("D14 completing after the timeout", status, NULL);
    sca_ui_host_free(host);
    host = NULL;
    status = sca_ui_host_new("{\"tool_timeout_ms\": 0}", &host);
    show("D14 a tool_timeout_ms of 0", status, NULL);
    printf("  the host: %s\n", host ? "made" : "NULL");

    sca_runner_new("{\"user_id\":\"u\",\"client_id\":\"c\"}", &shared_runner);
    sca_runner_add_tool(shared_runner, "{\"name\":\"t\",\"description\":\"d\",\"inputSchema\":{\"type\":\"object\"}}", counted_tool, NULL);
    char *p = reply;
    p += sprintf(p, "[");
    for (int i = 0; i < 64; i++)
        p += sprintf(p, "%s{\"type\":\"ai_tool_call\",\"id\":\"c%d\",\"name\":\"t\",\"status\":\"awaiting_client\",\"executor\":\"client\",\"target_user_id\":\"u\",\"target_client_id\":\"c\"}", i ? "," : "", i);
    sprintf(p, "]");
    pthread_t threads[8];
    for (int i = 0; i < 8; i++) pthread_create(&threads[i], NULL, hammer, NULL);
    for (int i = 0; i < 8; i++) pthread_join(threads[i], NULL);
    printf("D11 eight threads, one runner, 1600 runs of a 64-call reply: %d tool runs\n", tool_runs);
    status = sca_result_complete(first_result, "{}", NULL);
    show("D20 completing a result a second time", status, NULL);
    sca_runner_free(shared_runner);

    sca_fence_extractor *extractor = NULL;
    sca_fence_extractor_new("{\"fences\": {\"a2ui\": \"a2ui\"}}", &extractor);
    status = sca_fence_extractor_feed(extractor, "Caf\xc3", NULL);
    show("D17 a chunk ending inside a character", status, NULL);
    status = sca_fence_extractor_feed(extractor, "\xa9 au lait", NULL);
    show("D17 the rest of it", status, NULL);
    sca_fence_extractor_finish(extractor, &out);
    printf("D17 text: %s\n", out);
    sca_free(out);
    sca_fence_extractor_free(extractor);
    return 0;
}
