/*
 * genui — renders the generative UI of a bundled conversation with the
 * `cards` renderer plugin and prints the UI IR, then plays a user's tap, runs
 * tools under the read-only policy, opens links, prints the capabilities for
 * the agent's backend, and moves a fenced UI block out of a streamed reply.
 *
 *   genui PLUGINS_DIR CONVERSATION.jsonl
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "streamchatai.h"

static void check(sca_status status, const char *what) {
    if (status != SCA_OK) {
        fprintf(stderr, "genui: %s: %s: %s\n", what, sca_status_name(status), sca_last_error());
        exit(1);
    }
}

static int send_action(void *ctx, const char *action_json) {
    (void)ctx;
    printf("  -> send %s\n", action_json);
    return 0;
}

static int open_link(void *ctx, const char *url) {
    (void)ctx;
    printf("  -> open %s\n", url);
    return 0;
}

static void report(void *ctx, const char *message_id, const char *problem) {
    (void)ctx;
    printf("  !! %s: %s\n", message_id ? message_id : "(host)", problem);
}

static void calendar_events(void *ctx, const char *call_json, sca_result *result) {
    (void)ctx;
    (void)call_json;
    sca_result_complete(result, "{\"events\": [\"Boat trip 10:00\"]}", "1 event");
}

static void book_table(void *ctx, const char *call_json, sca_result *result) {
    (void)ctx;
    (void)call_json;
    sca_result_complete(result, "{\"booked\": true}", "Booked");
}

static void print_owned(const char *label, char *json) {
    printf("%s%s\n", label, json);
    sca_free(json);
}

/* What a backend gets: per renderer its format, fence and the first line of its instructions; the components. */
static void print_capabilities(const char *text) {
    json_t *caps = json_loads(text, 0, NULL), *renderer, *component;
    size_t i;
    printf("== capabilities\n");
    json_array_foreach(json_object_get(caps, "renderers"), i, renderer) {
        const char *instructions = json_string_value(json_object_get(renderer, "instructions"));
        const char *end = instructions ? strchr(instructions, '\n') : NULL;
        int first = instructions ? (int)(end ? end - instructions : (long)strlen(instructions)) : 0;
        printf("  %s (fence %s): %.*s\n", json_string_value(json_object_get(renderer, "format")),
               json_string_value(json_object_get(renderer, "fence")), first, instructions ? instructions : "");
        printf("    lists place_card: %s\n", instructions && (strstr(instructions, "place_card") || strstr(instructions, "PlaceCard")) ? "yes" : "no");
    }
    json_array_foreach(json_object_get(caps, "components"), i, component)
        printf("  component %s\n", json_string_value(json_object_get(component, "name")));
    json_decref(caps);
}

int main(int argc, char **argv) {
    sca_ui_host *host = NULL;
    char *json = NULL, *previous[8] = {0};
    if (argc != 3) {
        fprintf(stderr, "usage: genui PLUGINS_DIR CONVERSATION.jsonl\n");
        return 2;
    }
    check(sca_ui_host_new("{\"instructions\": \"Show places as cards.\"}", &host), "host");
    check(sca_ui_host_set_callbacks(host, send_action, open_link, report, NULL), "callbacks");
    check(sca_ui_host_load_plugins(host, argv[1], NULL), "plugins");
    check(sca_ui_host_add_component(host,
        "{\"name\": \"place_card\", \"description\": \"A photo and a summary of a place.\", \"parameters\": {\"type\": \"object\","
        " \"properties\": {\"title\": {\"type\": \"string\"}}, \"required\": [\"title\"]}, \"events\": [{\"name\": \"ask_about\"}]}"),
        "component");
    check(sca_ui_host_add_tool(host, "{\"name\": \"calendar_events\", \"description\": \"The user's events\", \"inputSchema\":"
                               " {\"type\": \"object\"}, \"annotations\": {\"readOnlyHint\": true}}", calendar_events, NULL), "tool");
    check(sca_ui_host_add_tool(host, "{\"name\": \"book_table\", \"description\": \"Books a table\", \"inputSchema\":"
                               " {\"type\": \"object\"}}", book_table, NULL), "tool");

    FILE *f = fopen(argv[2], "rb");
    if (!f) {
        perror(argv[2]);
        return 2;
    }
    char line[8192];
    while (fgets(line, sizeof line, f)) {
        json_t *message = json_loads(line, 0, NULL);
        const char *id = json_string_value(json_object_get(message, "id"));
        char *custom = json_dumps(json_object_get(message, "custom"), JSON_COMPACT);
        int slot = id[1] - '0';
        check(sca_ui_host_receive(host, id, custom, &json), "receive");
        printf("== %s: %s\n", id, json);
        sca_free(json);
        if (sca_ui_host_render(host, id, &json) == SCA_OK) {
            printf("  ir %s\n", json);
            if (previous[slot]) {
                char *ops = NULL;
                check(sca_ui_diff(previous[slot], json, &ops), "diff");
                print_owned("  diff ", ops);
                sca_free(previous[slot]);
            }
            previous[slot] = json;
        } else {
            printf("  shows its text: \"%s\" (%s)\n", json_string_value(json_object_get(message, "text")), sca_last_error());
        }
        free(custom);
        json_decref(message);
    }
    fclose(f);

    printf("== the user taps St. Naum\n");
    check(sca_ui_host_event(host, "m1", "{\"node_id\": \"card-naum\", \"name\": \"tap\"}", &json), "event");
    print_owned("  outcome ", json);
    sca_status status = sca_ui_host_event(host, "m1", "{\"node_id\": \"card-nowhere\", \"name\": \"tap\"}", NULL);
    printf("  a tap on a node that isn't there: %s (%s)\n", sca_status_name(status), sca_last_error());

    printf("== tools under the read-only policy\n");
    check(sca_ui_host_run_tool(host, "calendar_events", "{}", 0, &json), "run");
    print_owned("  calendar_events while the UI shows: ", json);
    check(sca_ui_host_run_tool(host, "book_table", "{}", 0, &json), "run");
    print_owned("  book_table without a tap: ", json);
    check(sca_ui_host_run_tool(host, "book_table", "{}", 1, &json), "run");
    print_owned("  book_table from a tap: ", json);

    printf("== links\n");
    status = sca_ui_host_open(host, "https://ohrid.example.com");
    printf("  https: %s\n", sca_status_name(status));
    status = sca_ui_host_open(host, "javascript:alert(1)");
    printf("  javascript: %s\n", sca_status_name(status));

    check(sca_ui_host_capabilities(host, &json), "capabilities");
    print_capabilities(json);
    sca_free(json);

    printf("== a streamed reply with a fenced UI block\n");
    sca_fence_extractor *extractor = NULL;
    check(sca_fence_extractor_new("{\"fences\": {\"cards-json\": \"cards\"}}", &extractor), "extractor");
    const char *chunks[] = {"Here are two places:\n``", "`cards-js", "on\n[{\"id\": \"naum\", \"title\": \"St. ", "Naum\"}]\n``", "`\nEnjoy!\n"};
    for (size_t i = 0; i < sizeof chunks / sizeof chunks[0]; i++) {
        check(sca_fence_extractor_feed(extractor, chunks[i], &json), "feed");
        print_owned("  ", json);
    }
    check(sca_fence_extractor_finish(extractor, &json), "finish");
    print_owned("  done ", json);
    sca_fence_extractor_free(extractor);

    for (int i = 0; i < 8; i++) sca_free(previous[i]);
    sca_ui_host_free(host);
    return 0;
}
