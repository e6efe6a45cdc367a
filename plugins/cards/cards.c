/*
 * cards — a renderer plugin in C for a UI format of its own: a reply's
 * ai_ui content is a JSON array of cards, each with a title (and optionally a
 * subtitle, an image and an action). Each card becomes a "card" node of the
 * UI IR; a card with an action raises "tap", which becomes an action for the
 * agent named after it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "streamchatai_plugin.h"

struct sca_renderer_engine {
    int replies_seen;
};

static int init_count;

static int32_t cards_init(const sca_host_services *host) {
    (void)host;
    init_count++;
    return 0;
}

static void cards_shutdown(void) {
    if (init_count > 0) init_count--;
}

static int32_t cards_has_tool(const char *name) {
    (void)name;
    return 0;
}

static int32_t cards_call_tool(const char *name, const char *arguments_json, sca_plugin_call *call) {
    (void)name;
    (void)arguments_json;
    (void)call;
    return 1;
}

static sca_renderer_engine *cards_create_engine(void) { return calloc(1, sizeof(sca_renderer_engine)); }

static void cards_destroy_engine(sca_renderer_engine *engine) { free(engine); }

static void cards_receive(sca_renderer_engine *engine, const char *message_id, const char *document_json) {
    (void)message_id;
    (void)document_json;
    engine->replies_seen++;
}

static void write_json(json_t *value, sca_json_writer write, void *writer_ctx) {
    char *text = json_dumps(value, JSON_COMPACT);
    if (text) write(writer_ctx, text);
    free(text);
}

static int32_t cards_view(sca_renderer_engine *engine, const char *message_id, const char *document_json,
                          sca_json_writer write, void *writer_ctx) {
    (void)engine;
    (void)message_id;
    /* JSON_ALLOW_NUL: the host passes on text that may hold \u0000; check every value before use. */
    json_t *document = json_loads(document_json, JSON_ALLOW_NUL, NULL);
    json_t *cards = json_object_get(document, "content");
    if (!json_is_array(cards)) {
        json_decref(document);
        return 1; /* not cards: the reply shows its text */
    }
    const char *status = json_string_value(json_object_get(document, "status"));
    int streaming = status && strcmp(status, "streaming") == 0;
    json_t *children = json_array();
    size_t i;
    json_t *card;
    json_array_foreach(cards, i, card) {
        const char *title = json_string_value(json_object_get(card, "title"));
        const char *own_id = json_string_value(json_object_get(card, "id"));
        char id[80];
        if (own_id) snprintf(id, sizeof id, "card-%s", own_id);
        else snprintf(id, sizeof id, "card-%zu", i);
        json_t *props = json_pack("{s:s,s:I}", "title", title ? title : "", "index", (json_int_t)i);
        const char *fields[] = {"subtitle", "image", "action"};
        for (size_t f = 0; f < 3; f++) {
            json_t *value = json_object_get(card, fields[f]);
            if (json_is_string(value)) json_object_set(props, fields[f], value);
        }
        if (json_is_object(json_object_get(card, "tool"))) json_object_set(props, "tool", json_object_get(card, "tool"));
        json_t *events = json_array();
        if (json_is_string(json_object_get(card, "action")) || json_is_object(json_object_get(card, "tool")))
            json_array_append_new(events, json_string("tap"));
        /* A card without its title yet (still streaming) waits. */
        json_t *node = json_pack("{s:s,s:s,s:o,s:[],s:o,s:s}", "id", id, "type", "card", "props", props, "children",
                                 "events", events, "state", title ? "ready" : "pending");
        json_array_append_new(children, node);
    }
    json_t *root = json_pack("{s:s,s:s,s:{s:b},s:o}", "id", "cards", "type", "cards", "props", "streaming", streaming,
                             "children", children);
    write_json(root, write, writer_ctx);
    json_decref(root);
    json_decref(document);
    return 0;
}

static int32_t cards_event(sca_renderer_engine *engine, const char *message_id, const char *event_json,
                           const char *node_json, sca_json_writer write, void *writer_ctx) {
    (void)engine;
    (void)message_id;
    json_t *event = json_loads(event_json, JSON_ALLOW_NUL, NULL);
    json_t *node = json_loads(node_json, JSON_ALLOW_NUL, NULL);
    json_t *props = json_object_get(node, "props");
    const char *action = json_string_value(json_object_get(props, "action"));
    const char *name = json_string_value(json_object_get(event, "name"));
    int tap = name && strcmp(name, "tap") == 0;
    json_t *tool = json_object_get(props, "tool");
    if (json_is_object(tool) && tap) {
        json_t *request = json_pack("{s:O}", "run_tool", tool);
        write_json(request, write, writer_ctx);
        json_decref(request);
    }
    if (action && tap) {
        json_t *out = json_pack("{s:s,s:{s:O,s:O}}", "name", action, "payload", "index", json_object_get(props, "index"),
                                "title", json_object_get(props, "title"));
        write_json(out, write, writer_ctx);
        json_decref(out);
    }
    json_decref(event);
    json_decref(node);
    return 0;
}

static void cards_remove(sca_renderer_engine *engine, const char *message_id) {
    (void)message_id;
    if (engine->replies_seen > 0) engine->replies_seen--;
}

static const sca_renderer_v1 renderer = {
    sizeof(sca_renderer_v1), "cards", cards_create_engine, cards_destroy_engine, cards_receive, cards_view,
    cards_event, cards_remove,
};

static const void *cards_get_feature(const char *feature_id) {
    return strcmp(feature_id, SCA_RENDERER_FEATURE_V1) == 0 ? &renderer : NULL;
}

static const sca_plugin plugin = {
    sizeof(sca_plugin), SCA_PLUGIN_ABI_MAJOR, SCA_PLUGIN_ABI_MINOR, "cards",
    cards_init, cards_shutdown, cards_has_tool, cards_call_tool, cards_get_feature,
};

SCA_PLUGIN_EXPORT const sca_plugin *sca_plugin_entry_v1(void) { return &plugin; }
