/*
 * plugins — loads plugin folders and runs a tool of each kind through one
 * runner: a C plugin in the host process, plain C functions through libffi,
 * a C++ plugin, and a plugin isolated in a child process (which crashes on
 * purpose without taking the host down).
 *
 *   plugins BUNDLED_PLUGINS_DIR TEST_PLUGINS_DIR
 *
 * Results from the child process arrive on another thread, so the program
 * collects them and prints them sorted by call id once all have arrived.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "streamchatai.h"

#define MAX_RESULTS 16

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t arrived = PTHREAD_COND_INITIALIZER;
static char *results[MAX_RESULTS];
static int result_count;

static int collect(void *ctx, const char *call_json, const char *result_json) {
    (void)ctx;
    (void)call_json;
    pthread_mutex_lock(&lock);
    if (result_count < MAX_RESULTS) results[result_count++] = strdup(result_json);
    pthread_cond_signal(&arrived);
    pthread_mutex_unlock(&lock);
    return 0;
}

static int by_text(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void check(sca_status status, const char *what) {
    if (status != SCA_OK) {
        fprintf(stderr, "plugins: %s: %s: %s\n", what, sca_status_name(status), sca_last_error());
        exit(1);
    }
}

/* Prints one line per plugin of a load report: folder, status, tools or reason. */
static void print_report(char *report_json) {
    json_t *report = json_loads(report_json, 0, NULL);
    size_t i;
    json_t *entry;
    json_array_foreach(json_object_get(report, "plugins"), i, entry) {
        const char *status = json_string_value(json_object_get(entry, "status"));
        printf("  %-12s %-8s", json_string_value(json_object_get(entry, "folder")), status);
        if (strcmp(status, "ok") == 0) {
            char *tools = json_dumps(json_object_get(entry, "tools"), JSON_COMPACT);
            printf(" %s %s\n", json_string_value(json_object_get(entry, "isolation")), tools);
            free(tools);
        } else {
            printf(" %s (%s)\n", json_string_value(json_object_get(entry, "reason")),
                   json_is_string(json_object_get(entry, "json_path")) ? json_string_value(json_object_get(entry, "json_path")) : "-");
        }
    }
    json_decref(report);
    sca_free(report_json);
}

#define CALL(id, tool, args) \
    "{\"type\": \"ai_tool_call\", \"id\": \"" id "\", \"name\": \"" tool "\", \"status\": \"awaiting_client\"," \
    " \"executor\": \"client\", \"target_user_id\": \"u1\", \"target_client_id\": \"i1\", \"arguments\": " args "}"

int main(int argc, char **argv) {
    sca_runner *runner = NULL;
    char *json = NULL;
    if (argc != 3) {
        fprintf(stderr, "usage: plugins BUNDLED_PLUGINS_DIR TEST_PLUGINS_DIR\n");
        return 2;
    }
    check(sca_runner_new("{\"user_id\": \"u1\", \"client_id\": \"i1\"}", &runner), "runner");
    printf("bundled plugins:\n");
    check(sca_runner_load_plugins(runner, argv[1], &json), "load bundled");
    print_report(json);
    printf("test plugins:\n");
    check(sca_runner_load_plugins(runner, argv[2], &json), "load test plugins");
    print_report(json);

    const char *reply = "["
        CALL("1-weather", "get_weather", "{\"city\": \"Oslo\"}") ","
        CALL("2-ffi-add", "add", "{\"a\": 40, \"b\": 2}") ","
        CALL("3-ffi-shout", "shout", "{\"s\": \"plugins work\"}") ","
        CALL("4-cpp", "convert_length", "{\"value\": 10, \"from\": \"km\", \"to\": \"mi\"}") ","
        CALL("5-process-echo", "echo", "{\"from\": \"a child process\"}") ","
        CALL("6-process-crash", "segfault", "{}") ","
        CALL("7-bad-args", "add", "{\"a\": \"forty\"}")
        "]";
    check(sca_runner_run(runner, reply, collect, NULL), "run");

    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += 20;
    pthread_mutex_lock(&lock);
    while (result_count < 7 && pthread_cond_timedwait(&arrived, &lock, &deadline) == 0) {
    }
    int count = result_count;
    pthread_mutex_unlock(&lock);
    qsort(results, (size_t)count, sizeof results[0], by_text);
    printf("results:\n");
    for (int i = 0; i < count; i++) {
        printf("  %s\n", results[i]);
        free(results[i]);
    }
    check(sca_plugins_list(&json), "list");
    json_t *list = json_loads(json, 0, NULL);
    size_t i;
    json_t *plugin;
    printf("plugins after the calls:\n");
    json_array_foreach(list, i, plugin) {
        printf("  %-10s %s\n", json_string_value(json_object_get(plugin, "name")), json_string_value(json_object_get(plugin, "status")));
    }
    json_decref(list);
    sca_free(json);
    sca_runner_free(runner);
    return count == 7 ? 0 : 1;
}
