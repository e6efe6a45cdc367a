/*
 * openui — renders an OpenUI Lang program from a file to UI IR with the
 * built-in `openui` renderer, streaming it in pieces as an agent would (the
 * first piece received, the rest appended, each render taken as the ops that
 * change the last tree and applied here as a front end would), then
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

/* The forecast's call waits here until main answers it, as a slow service's would: meanwhile the render lists
 * the tool in running_tools. */
static sca_result *waiting_weather;

static void weather(void *ctx, const char *call_json, sca_result *result) {
    (void)ctx;
    print_call(call_json);
    waiting_weather = result;
}

/* Hears that the reply's view changed by itself: a tool it runs started or answered. */
static void render_needed(void *ctx, const char *message_id) {
    (void)ctx;
    printf("  render callback: %s\n", message_id);
}

/* The tools the reply's UI waits for, as the render lists them. */
static void print_running_tools(sca_ui_host *host) {
    char *json = NULL;
    check(sca_ui_host_render(host, "m1", &json), "render");
    json_t *render = json_loads(json, 0, NULL);
    char *running = json_dumps(json_object_get(render, "running_tools"), JSON_COMPACT);
    printf("  running_tools %s\n", running);
    free(running);
    json_decref(render);
    sca_free(json);
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

/* The node with `id` under `node` (or `node` itself), and its parent. */
static json_t *find_id(json_t *node, const char *id, json_t **parent) {
    json_t *child, *found;
    size_t i;
    if (strcmp(json_string_value(json_object_get(node, "id")), id) == 0) return node;
    json_array_foreach(json_object_get(node, "children"), i, child) {
        if ((found = find_id(child, id, parent))) {
            if (found == child) *parent = node;
            return found;
        }
    }
    return NULL;
}

/* Applies sca_ui_host_render_ops()'s ops to *tree as a front end would; 0 when one does not fit. */
static int apply_ops(json_t **tree, json_t *ops) {
    json_t *op, *parent = NULL;
    size_t i, k;
    json_array_foreach(ops, i, op) {
        const char *kind = json_string_value(json_object_get(op, "op"));
        if (strcmp(kind, "replace") == 0) {
            json_decref(*tree);
            *tree = json_incref(json_object_get(op, "node"));
        } else if (!*tree) {
            return 0;
        } else if (strcmp(kind, "remove") == 0) {
            json_t *node = find_id(*tree, json_string_value(json_object_get(op, "id")), &parent);
            json_t *siblings = parent ? json_object_get(parent, "children") : NULL;
            if (!node || !siblings) return 0;
            for (k = 0; k < json_array_size(siblings) && json_array_get(siblings, k) != node; k++) {}
            json_array_remove(siblings, k);
        } else if (strcmp(kind, "insert") == 0) {
            json_t *under = find_id(*tree, json_string_value(json_object_get(op, "parent")), &parent);
            json_t *siblings = under ? json_object_get(under, "children") : NULL;
            size_t index = (size_t)json_integer_value(json_object_get(op, "index"));
            if (!siblings || index > json_array_size(siblings)) return 0;
            json_array_insert(siblings, index, json_object_get(op, "node"));
        } else {
            json_t *node = find_id(*tree, json_string_value(json_object_get(op, "id")), &parent);
            const char *members[] = {"props", "state", "events", "bindings", "entrance"};
            if (!node) return 0;
            for (k = 0; k < sizeof members / sizeof members[0]; k++) json_object_set(node, members[k], json_object_get(op, members[k]));
        }
    }
    return 1;
}

/* Takes the reply's render as ops, applies them to *tree, and checks the result against a full render. */
static void render_as_ops(sca_ui_host *host, json_t **tree) {
    char *json = NULL, *full = NULL;
    check(sca_ui_host_render_ops(host, "m1", &json), "render ops");
    json_t *render = json_loads(json, 0, NULL), *ops = json_object_get(render, "ops");
    int fits = apply_ops(tree, ops);
    check(sca_ui_host_render(host, "m1", &full), "render");
    json_t *whole = json_loads(full, 0, NULL);
    printf("  %d nodes, %zu ops%s, streaming %s; the ops applied give the full render: %s\n", *tree ? count(*tree) : 0,
           json_array_size(ops), json_array_size(ops) > 0 && strcmp(json_string_value(json_object_get(json_array_get(ops, 0), "op")),
                                                                   "replace") == 0 ? " (the first a replace)" : "",
           json_is_true(json_object_get(render, "streaming")) ? "yes" : "no",
           fits && json_equal(*tree, json_object_get(whole, "root")) ? "yes" : "NO");
    json_decref(whole);
    json_decref(render);
    sca_free(full);
    sca_free(json);
}

/* Renders the reply and prints its outline. */
static json_t *render(sca_ui_host *host) {
    char *json = NULL;
    check(sca_ui_host_render(host, "m1", &json), "render");
    json_t *ir = json_loads(json, 0, NULL);
    outline(json_object_get(ir, "root"), 0);
    sca_free(json);
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
    check(sca_ui_host_set_render_callback(host, render_needed, NULL), "render callback");
    check(sca_ui_host_add_tool(host, "{\"name\": \"weather\", \"description\": \"The forecast for a city\", \"inputSchema\":"
                               " {\"type\": \"object\"}, \"annotations\": {\"readOnlyHint\": true}}", weather, NULL), "tool");
    check(sca_ui_host_add_tool(host, "{\"name\": \"book_table\", \"description\": \"Books a table\", \"inputSchema\":"
                               " {\"type\": \"object\"}}", book_table, NULL), "tool");

    printf("== %s streamed in four pieces: the first received, the rest appended\n",
           strrchr(argv[1], '/') ? strrchr(argv[1], '/') + 1 : argv[1]);
    json_t *tree = NULL;
    size_t sent = 0;
    for (int piece = 1; piece <= 4; piece++) {
        size_t end = length * piece / 4;
        while (end < length && (program[end] & 0xC0) == 0x80) end++;
        if (piece == 1) {
            receive(host, program, end, 1);
        } else {
            if (piece == 4) printf("== complete: the Query runs through the read-only tool\n");
            char saved = program[end];
            program[end] = 0;
            check(sca_ui_host_append(host, "m1", program + sent, piece < 4), "append");
            program[end] = saved;
        }
        sent = end;
        if (piece < 4) render_as_ops(host, &tree);
    }
    json_decref(tree);
    printf("== while the forecast's tool runs, the reply shows the Query's defaults and lists the tool\n");
    print_running_tools(host);
    json_decref(render(host));
    printf("== the forecast arrives\n");
    check(sca_result_complete(waiting_weather, "{\"summary\": \"sunny, 24 C\"}", "sunny"), "complete");
    print_running_tools(host);
    json_t *ir = render(host);
    json_t *root = json_object_get(ir, "root");
    char button[128], name[128], email[128];
    snprintf(button, sizeof button, "%s", find(root, "Button", NULL));
    snprintf(name, sizeof name, "%s", find(root, "Input", "name"));
    snprintf(email, sizeof email, "%s", find(root, "Input", "email"));
    json_decref(ir);

    printf("== submit with the fields empty: nothing runs, nothing is sent\n");
    event(host, button, "tap", NULL);
    json_decref(render(host));

    printf("== the user fills the form and submits: the Mutation runs from the tap, then the form is sent\n");
    event(host, name, "change", "Ada");
    event(host, email, "change", "ada@example.com");
    event(host, button, "tap", NULL);
    json_decref(render(host));

    printf("== a tool that changes things never runs without a tap\n");
    char *result = NULL;
    check(sca_ui_host_run_tool(host, "book_table", "{}", 0, &result), "run");
    printf("  book_table without a tap: %s\n", result);
    sca_free(result);

    sca_ui_host_free(host);
    return 0;
}
