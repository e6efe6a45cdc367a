/*
 * conversation — replays a conversation (JSONL of message updates) into the
 * conversation model and prints, per update, what changed (the ops of the
 * render), then the final tree as an outline: the model a terminal or GUI
 * front end draws from.
 *
 *   conversation FILE.jsonl USER_ID CLIENT_ID
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "streamchatai.h"

static void outline(json_t *node, int depth) {
    const char *type = json_string_value(json_object_get(node, "type"));
    printf("%*s%s %s", depth * 2, "", type, json_string_value(json_object_get(node, "id")));
    json_t *props = json_object_get(node, "props");
    const char *shown[] = {"text", "title", "header", "format", "status", NULL};
    for (const char **key = shown; *key; key++) {
        json_t *value = json_object_get(props, *key);
        if (json_is_string(value)) printf("  %s=\"%.40s\"", *key, json_string_value(value));
    }
    printf("\n");
    size_t i;
    json_t *child;
    json_array_foreach(json_object_get(node, "children"), i, child) outline(child, depth + 1);
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: conversation FILE.jsonl USER_ID CLIENT_ID\n");
        return 2;
    }
    FILE *file = fopen(argv[1], "r");
    if (!file) {
        perror(argv[1]);
        return 1;
    }
    char config[256];
    snprintf(config, sizeof config, "{\"user_id\": \"%s\", \"client_id\": \"%s\", \"now_ms\": 1732950000000}", argv[2], argv[3]);
    sca_conversation *conversation = NULL;
    if (sca_conversation_new(config, &conversation) != SCA_OK) {
        fprintf(stderr, "conversation: %s\n", sca_last_error());
        return 1;
    }
    char *line = NULL;
    size_t capacity = 0;
    int number = 0, failures = 0;
    json_t *last = NULL;
    while (getline(&line, &capacity, file) > 0) {
        number++;
        sca_status status = sca_conversation_update(conversation, line);
        if (status != SCA_OK) {
            printf("update %d: %s: %s\n", number, sca_status_name(status), sca_last_error());
            failures++;
            continue;
        }
        char *rendered = NULL;
        if (sca_conversation_render(conversation, &rendered) != SCA_OK) {
            fprintf(stderr, "conversation: %s\n", sca_last_error());
            return 1;
        }
        json_t *tree = json_loads(rendered, 0, NULL);
        sca_free(rendered);
        int counts[4] = {0, 0, 0, 0};
        const char *names[] = {"insert", "remove", "update", "replace"};
        size_t i;
        json_t *op;
        json_array_foreach(json_object_get(tree, "ops"), i, op) {
            const char *name = json_string_value(json_object_get(op, "op"));
            for (int k = 0; k < 4; k++) if (strcmp(name, names[k]) == 0) counts[k]++;
        }
        printf("update %d: %d inserted, %d removed, %d updated, %d replaced\n", number, counts[0], counts[1], counts[2], counts[3]);
        json_decref(last);
        last = tree;
    }
    free(line);
    fclose(file);
    if (last) outline(json_object_get(last, "root"), 0);
    json_decref(last);
    /* Bad input is an error with its path, and the conversation goes on. */
    sca_status bad = sca_conversation_update(conversation, "{\"text\": \"no id\"}");
    printf("an update without an id: %s: %s\n", sca_status_name(bad), sca_last_error());
    bad = sca_conversation_update(NULL, "{}");
    printf("no conversation: %s\n", sca_status_name(bad));
    sca_conversation_free(conversation);
    sca_conversation_free(NULL);
    return failures == 0 ? 0 : 1;
}
