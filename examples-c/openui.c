/*
 * openui — renders an OpenUI Lang program from a file to UI IR with the
 * built-in `openui` renderer, streaming it in pieces as an agent would, then
 * plays the user: a submit with a required field empty (nothing is sent), the
 * fields filled in, a submit that runs a Mutation and sends the form. A Query
 * is fed by a read-only tool; the Mutation's tool runs only from the tap.
 *
 *   openui PROGRAM.oui
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "streamchatai.h"

static void check(sca_status status, const char *what) {
    if (status != SCA_OK) {
        fprintf(stderr, "openui: %s: %s: %s\n", what, sca_status_name(status), sca_last_error());
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

/* Prints the tool and the arguments of a call (the call's id is new each run). */
static void print_call(const char *call_json) {
    json_t *call = json_loads(call_json, 0, NULL);
    char *arguments = json_dumps(json_object_get(call, "arguments"), JSON_COMPACT);
    printf("  tool %s %s\n", json_string_value(json_object_get(call, "name")), arguments);
    free(arguments);
    json_decref(call);
}

static void weather(void *ctx, const char *call_json, sca_result *result) {
    (void)ctx;
    print_call(call_json);
    sca_result_complete(result, "{\"summary\": \"sunny, 24 C\"}", "sunny");
}

static void book_table(void *ctx, const char *call_json, sca_result *result) {
    (void)ctx;
    print_call(call_json);
    sca_result_complete(result, "{\"confirmation\": \"K-42\"}", "Booked");
}

/* One line per node: its id, type, slot and the words it shows. */
static void outline(json_t *node, int depth) {
    json_t *props = json_object_get(node, "props"), *child;
    const char *words[] = {"title", "label", "text", "placeholder", "error"};
    size_t i;
    printf("  %*s%s %s", depth * 2, "", json_string_value(json_object_get(node, "id")),
           json_string_value(json_object_get(node, "type")));
    if (json_object_get(props, "slot")) printf(" [%s]", json_string_value(json_object_get(props, "slot")));
    for (i = 0; i < sizeof words / sizeof words[0]; i++) {
        const char *w = json_string_value(json_object_get(props, words[i]));
        if (w) printf(" %s=\"%s\"", words[i], w);
    }
    json_t *events = json_object_get(node, "events");
    if (json_array_size(events) > 0) {
        char *e = json_dumps(events, JSON_COMPACT);
        printf(" events=%s", e);
        free(e);
    }
    printf("\n");
    json_array_foreach(json_object_get(node, "children"), i, child) outline(child, depth + 1);
}

/* The id of the first node of `type` (and, when given, with props.name == name). */
static const char *find(json_t *node, const char *type, const char *name) {
    json_t *child;
    size_t i;
    const char *own = json_string_value(json_object_get(json_object_get(node, "props"), "name"));
    if (strcmp(json_string_value(json_object_get(node, "type")), type) == 0 && (!name || (own && strcmp(own, name) == 0)))
        return json_string_value(json_object_get(node, "id"));
    json_array_foreach(json_object_get(node, "children"), i, child) {
        const char *found = find(child, type, name);
        if (found) return found;
    }
    return NULL;
}

static int count(json_t *node) {
    json_t *child;
    size_t i;
    int n = 1;
    json_array_foreach(json_object_get(node, "children"), i, child) n += count(child);
    return n;
}

/* Renders the reply; prints an outline when asked, else how many nodes and what changed. */
static json_t *render(sca_ui_host *host, char **previous, int show) {
    char *json = NULL;
    check(sca_ui_host_render(host, "m1", &json), "render");
    json_t *ir = json_loads(json, 0, NULL);
    json_t *root = json_object_get(ir, "root");
    if (show) {
        outline(root, 0);
    } else {
        char *ops = NULL;
        int changes = 0;
        if (*previous) {
            check(sca_ui_diff(*previous, json, &ops), "diff");
            json_t *list = json_loads(ops, 0, NULL);
            changes = (int)json_array_size(list);
            json_decref(list);
            sca_free(ops);
        }
        printf("  %d nodes, %d changes since the last render, streaming %s\n", count(root), changes,
               json_is_true(json_object_get(ir, "streaming")) ? "yes" : "no");
    }
    sca_free(*previous);
    *previous = json;
    return ir;
}

static void receive(sca_ui_host *host, const char *program, size_t length, int streaming) {
    json_t *custom = json_pack("{s:{s:i,s:s,s:s,s:s,s:s%}}", "ai_ui", "v", 1, "format", "openui", "version", "1.0",
                               "status", streaming ? "streaming" : "complete", "content", program, length);
    char *text = json_dumps(custom, JSON_COMPACT), *out = NULL;
    check(sca_ui_host_receive(host, "m1", text, &out), "receive");
    if (!streaming) printf("  receive: %s\n", out);
    sca_free(out);
    free(text);
    json_decref(custom);
}

static void event(sca_ui_host *host, const char *node_id, const char *name, const char *value) {
    json_t *e = value ? json_pack("{s:s,s:s,s:s}", "node_id", node_id, "name", name, "value", value)
                      : json_pack("{s:s,s:s}", "node_id", node_id, "name", name);
    char *text = json_dumps(e, JSON_COMPACT), *out = NULL;
    check(sca_ui_host_event(host, "m1", text, &out), "event");
    json_t *outcome = json_loads(out, 0, NULL);
    printf("  %s on %s: %zu actions, %zu tool runs\n", name, node_id, json_array_size(json_object_get(outcome, "actions")),
           json_array_size(json_object_get(outcome, "tool_runs")));
    json_decref(outcome);
    sca_free(out);
    free(text);
    json_decref(e);
}

int main(int argc, char **argv) {
    sca_ui_host *host = NULL;
    char *previous = NULL;
    if (argc != 2) {
        fprintf(stderr, "usage: openui PROGRAM.oui\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    static char program[65536];
    size_t length = fread(program, 1, sizeof program - 1, f);
    fclose(f);
    program[length] = 0;

    check(sca_ui_host_new("{\"instructions\": \"Help people book dinner.\"}", &host), "host");
    check(sca_ui_host_set_callbacks(host, send_action, open_link, report, NULL), "callbacks");
    check(sca_ui_host_add_tool(host, "{\"name\": \"weather\", \"description\": \"The forecast for a city\", \"inputSchema\":"
                               " {\"type\": \"object\"}, \"annotations\": {\"readOnlyHint\": true}}", weather, NULL), "tool");
    check(sca_ui_host_add_tool(host, "{\"name\": \"book_table\", \"description\": \"Books a table\", \"inputSchema\":"
                               " {\"type\": \"object\"}}", book_table, NULL), "tool");

    printf("== %s streamed in four pieces\n", strrchr(argv[1], '/') ? strrchr(argv[1], '/') + 1 : argv[1]);
    for (int piece = 1; piece <= 3; piece++) {
        receive(host, program, length * piece / 4, 1);
        json_decref(render(host, &previous, 0));
    }
    printf("== complete: the Query runs through the read-only tool\n");
    receive(host, program, length, 0);
    json_t *ir = render(host, &previous, 1);
    json_t *root = json_object_get(ir, "root");
    char button[128], name[128], email[128];
    snprintf(button, sizeof button, "%s", find(root, "Button", NULL));
    snprintf(name, sizeof name, "%s", find(root, "Input", "name"));
    snprintf(email, sizeof email, "%s", find(root, "Input", "email"));
    json_decref(ir);

    printf("== submit with the fields empty: nothing runs, nothing is sent\n");
    event(host, button, "tap", NULL);
    json_decref(render(host, &previous, 1));

    printf("== the user fills the form and submits: the Mutation runs from the tap, then the form is sent\n");
    event(host, name, "change", "Ada");
    event(host, email, "change", "ada@example.com");
    event(host, button, "tap", NULL);
    json_decref(render(host, &previous, 1));

    printf("== a tool that changes things never runs without a tap\n");
    char *result = NULL;
    check(sca_ui_host_run_tool(host, "book_table", "{}", 0, &result), "run");
    printf("  book_table without a tap: %s\n", result);
    sca_free(result);

    sca_free(previous);
    sca_ui_host_free(host);
    return 0;
}
