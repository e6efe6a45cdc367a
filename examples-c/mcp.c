/*
 * mcp — MCP servers as tool sources from C: a plugin folder whose manifest
 * names an MCP stdio server, and a server added by config. A reply's client
 * calls run through the runner; one of them crashes the server, which starts
 * again for the next call.
 *
 *   mcp MCP_PLUGINS_DIR SCRIPTED_SERVER_PY
 *
 * Results arrive on the server's reader thread, so the program waits for
 * each before it hands the runner the next call.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "streamchatai.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t arrived = PTHREAD_COND_INITIALIZER;
static char *last_result;

static int collect(void *ctx, const char *call_json, const char *result_json) {
    (void)ctx;
    (void)call_json;
    pthread_mutex_lock(&lock);
    free(last_result);
    last_result = strdup(result_json);
    pthread_cond_signal(&arrived);
    pthread_mutex_unlock(&lock);
    return 0;
}

static void check(sca_status status, const char *what) {
    if (status != SCA_OK) {
        fprintf(stderr, "mcp: %s: %s: %s\n", what, sca_status_name(status), sca_last_error());
        exit(1);
    }
}

/* Runs one client call of tool with arguments_json and prints its result without the call id. */
static void run_call(sca_runner *runner, const char *id, const char *tool, const char *arguments_json) {
    char reply[512];
    snprintf(reply, sizeof reply,
             "[{\"type\": \"ai_tool_call\", \"id\": \"%s\", \"name\": \"%s\", \"status\": \"awaiting_client\","
             " \"executor\": \"client\", \"target_user_id\": \"u1\", \"target_client_id\": \"i1\", \"arguments\": %s}]",
             id, tool, arguments_json);
    pthread_mutex_lock(&lock);
    free(last_result);
    last_result = NULL;
    pthread_mutex_unlock(&lock);
    check(sca_runner_run(runner, reply, collect, NULL), "sca_runner_run");
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += 60;
    pthread_mutex_lock(&lock);
    while (last_result == NULL && pthread_cond_timedwait(&arrived, &lock, &until) == 0) {}
    json_t *result = last_result ? json_loads(last_result, 0, NULL) : NULL;
    pthread_mutex_unlock(&lock);
    if (!result) {
        printf("  %-6s no result\n", tool);
        return;
    }
    json_object_del(result, "call_id");
    char *text = json_dumps(result, JSON_COMPACT | JSON_SORT_KEYS);
    printf("  %-6s %s\n", tool, text);
    free(text);
    json_decref(result);
}

/* Prints the fields of a report that don't change between runs. */
static void print_fields(const char *label, char *report_json, const char **keys) {
    json_t *report = json_loads(report_json, 0, NULL);
    printf("%s:", label);
    for (const char **key = keys; *key; key++) {
        char *value = json_dumps(json_object_get(report, *key), JSON_COMPACT | JSON_ENCODE_ANY);
        printf(" %s=%s", *key, value);
        free(value);
    }
    printf("\n");
    json_decref(report);
    sca_free(report_json);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: mcp MCP_PLUGINS_DIR SCRIPTED_SERVER_PY\n");
        return 2;
    }
    sca_runner *runner = NULL;
    check(sca_runner_new("{\"user_id\": \"u1\", \"client_id\": \"i1\"}", &runner), "sca_runner_new");

    char *report = NULL;
    check(sca_runner_load_plugins(runner, argv[1], &report), "sca_runner_load_plugins");
    json_t *loaded = json_loads(report, 0, NULL);
    json_t *first = json_array_get(json_object_get(loaded, "plugins"), 0);
    char *tools = json_dumps(json_object_get(first, "tools"), JSON_COMPACT);
    printf("plugin folder %s: %s, tools %s (declared: the server starts on the first call)\n",
           json_string_value(json_object_get(first, "folder")), json_string_value(json_object_get(first, "status")), tools);
    free(tools);
    json_decref(loaded);
    sca_free(report);

    printf("calls through the folder's server:\n");
    run_call(runner, "c1", "echo", "{\"text\": \"hello over MCP\"}");
    run_call(runner, "c2", "wipe", "{}");
    run_call(runner, "c3", "crash", "{}");
    run_call(runner, "c4", "echo", "{\"text\": \"the server started again\"}");

    char config[1024];
    snprintf(config, sizeof config,
             "{\"name\": \"legacy\", \"command\": [\"python3\", \"%s\", \"legacy-only\"], \"protocol_version\": \"auto\"}", argv[2]);
    char *added = NULL;
    check(sca_runner_add_mcp_server(runner, config, &added), "sca_runner_add_mcp_server");
    print_fields("server added by config", added, (const char *[]){"name", "era", "protocol_version", "conflicts", NULL});
    /* Once the folder's server ran, its listing replaced the declared tools: it keeps "cancelled" too. */
    run_call(runner, "c5", "cancelled", "{}");

    sca_status bad = sca_runner_add_mcp_server(runner, "{\"name\": \"x\", \"command\": [\"no-such-mcp-program\"]}", NULL);
    printf("a program that isn't there: %s: %s\n", sca_status_name(bad), sca_last_error());
    bad = sca_runner_add_mcp_server(runner, "{\"name\": \"x\", \"command\": []}", NULL);
    printf("an empty command: %s: %s\n", sca_status_name(bad), sca_last_error());
    bad = sca_runner_add_mcp_server(NULL, "{}", NULL);
    printf("no runner: %s\n", sca_status_name(bad));

    sca_runner_free(runner);  /* stops both servers: input closed, waited for */
    free(last_result);
    printf("runner freed; its servers stopped\n");
    return 0;
}
