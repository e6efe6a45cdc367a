/*
 * a2ui — renders an A2UI stream (JSONL, one message a line) from a file to
 * UI IR with the built-in `a2ui` renderer, streaming it a line at a time as
 * an agent would, then plays the user: a tap while the checks fail (nothing
 * is sent), the form filled in through its two-way bindings, a tap that sends
 * the button's event with the resolved context and the surface's data model
 * (without the password).
 *
 *   a2ui STREAM.jsonl
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "streamchatai.h"

static void check(sca_status status, const char *what) {
    if (status != SCA_OK) {
        fprintf(stderr, "a2ui: %s: %s: %s\n", what, sca_status_name(status), sca_last_error());
        exit(1);
    }
}

static int send_action(void *ctx, const char *action_json) {
    (void)ctx;
    printf("  -> send %s\n", action_json);
    return 0;
}

static void report(void *ctx, const char *message_id, const char *problem) {
    (void)ctx;
    printf("  !! %s: %s\n", message_id ? message_id : "(host)", problem);
}

/* One line per node: its id, type, the words it shows, its value, whether it is disabled. */
static void outline(json_t *node, int depth) {
    json_t *props = json_object_get(node, "props"), *child;
    const char *words[] = {"text", "label", "value"};
    size_t i;
    printf("  %*s%s %s", depth * 2, "", json_string_value(json_object_get(node, "id")), json_string_value(json_object_get(node, "type")));
    for (i = 0; i < sizeof words / sizeof words[0]; i++) {
        json_t *w = json_object_get(props, words[i]);
        if (json_is_string(w)) printf(" %s=\"%s\"", words[i], json_string_value(w));
        else if (w) {
            char *text = json_dumps(w, JSON_COMPACT | JSON_ENCODE_ANY);
            printf(" %s=%s", words[i], text);
            free(text);
        }
    }
    if (json_is_true(json_object_get(props, "disabled"))) printf(" (disabled)");
    json_t *binding = json_object_get(json_object_get(node, "bindings"), "value");
    if (binding) printf(" <-> %s", json_string_value(binding));
    if (strcmp(json_string_value(json_object_get(node, "state")), "pending") == 0) printf(" (pending)");
    printf("\n");
    json_array_foreach(json_object_get(node, "children"), i, child) outline(child, depth + 1);
}

static void render(sca_ui_host *host, int show) {
    char *json = NULL;
    check(sca_ui_host_render(host, "m1", &json), "render");
    json_t *ir = json_loads(json, 0, NULL);
    json_t *root = json_object_get(ir, "root");
    if (show) outline(root, 0);
    else printf("  rendered, streaming %s\n", json_is_true(json_object_get(ir, "streaming")) ? "yes" : "no");
    json_decref(ir);
    sca_free(json);
}

static void receive(sca_ui_host *host, const char *stream, size_t length, int streaming) {
    json_t *custom = json_pack("{s:{s:i,s:s,s:s,s:s,s:s%}}", "ai_ui", "v", 1, "format", "a2ui", "version", "v1.0",
                               "status", streaming ? "streaming" : "complete", "content", stream, length);
    char *text = json_dumps(custom, JSON_COMPACT), *out = NULL;
    check(sca_ui_host_receive(host, "m1", text, &out), "receive");
    sca_free(out);
    free(text);
    json_decref(custom);
}

static void event(sca_ui_host *host, const char *node_id, const char *name, const char *value_json) {
    json_t *e = json_pack("{s:s,s:s}", "node_id", node_id, "name", name);
    if (value_json) json_object_set_new(e, "value", json_loads(value_json, JSON_DECODE_ANY, NULL));
    char *text = json_dumps(e, JSON_COMPACT), *out = NULL;
    check(sca_ui_host_event(host, "m1", text, &out), "event");
    json_t *outcome = json_loads(out, 0, NULL);
    printf("  %s on %s: %zu actions\n", name, node_id, json_array_size(json_object_get(outcome, "actions")));
    json_decref(outcome);
    sca_free(out);
    free(text);
    json_decref(e);
}

int main(int argc, char **argv) {
    sca_ui_host *host = NULL;
    if (argc != 2) {
        fprintf(stderr, "usage: a2ui STREAM.jsonl\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    static char stream[65536];
    size_t length = fread(stream, 1, sizeof stream - 1, f);
    fclose(f);
    stream[length] = 0;

    check(sca_ui_host_new("{\"renderers\": [\"a2ui\"]}", &host), "host");
    check(sca_ui_host_set_callbacks(host, send_action, NULL, report, NULL), "callbacks");

    printf("== %s streamed a line at a time\n", strrchr(argv[1], '/') ? strrchr(argv[1], '/') + 1 : argv[1]);
    for (const char *line = strchr(stream, '\n'); line; line = strchr(line + 1, '\n')) {
        receive(host, stream, (size_t)(line - stream) + 1, 1);
        render(host, 0);
    }
    printf("== complete\n");
    receive(host, stream, length, 0);
    render(host, 1);

    printf("== a tap while the checks fail sends nothing\n");
    event(host, "submit", "tap", NULL);

    printf("== the user fills the form: each input writes the surface's data model\n");
    event(host, "plan", "select", "\"crew\"");
    event(host, "email", "change", "\"ada@example.com\"");
    event(host, "password", "change", "\"correct horse\"");
    event(host, "terms", "change", "true");
    render(host, 1);

    printf("== the tap sends the event with its context and the data model, never the password\n");
    event(host, "submit", "tap", NULL);

    sca_ui_host_free(host);
    return 0;
}
