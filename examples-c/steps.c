/*
 * steps — print the steps of an AI agent's reply as text.
 *
 *   steps FILE
 *
 * FILE holds one chat message as JSON ({"id", "text", "attachments": [...]}),
 * or a JSONL stream of message updates, one message per line. For each
 * message it prints the steps the way a terminal client would show them:
 * reasoning headers and paragraphs, tool calls with their status, approval
 * questions and sign-ins.
 *
 * It reads the file with jansson (an app has its own JSON library) and hands
 * the attachments to libstreamchatai: sca_steps_render() for the view and
 * sca_parts_decode_views() for the approval and sign-in details (the views
 * only: each step's "index" points into the attachments jansson holds).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "streamchatai.h"

static const char *icon_text(const char *icon) {
    static const struct { const char *name, *text; } icons[] = {
        {"spinner", "..."}, {"hand", "?"}, {"key", "key"}, {"phone", "device"},
        {"checkmark", "ok"}, {"exclamation", "!"}, {"cross", "x"},
    };
    for (size_t i = 0; i < sizeof icons / sizeof icons[0]; i++)
        if (strcmp(icons[i].name, icon) == 0) return icons[i].text;
    return icon;
}

static const char *str(json_t *object, const char *key) {
    const char *s = json_string_value(json_object_get(object, key));
    return s ? s : "";
}

static void print_paragraph(json_t *paragraph) {
    size_t i;
    json_t *run;
    fputs("    | ", stdout);
    json_array_foreach(json_object_get(json_object_get(paragraph, "props"), "runs"), i, run) {
        const char *mark = json_is_true(json_object_get(run, "code")) ? "`"
                         : json_is_true(json_object_get(run, "bold")) ? "**"
                         : json_is_true(json_object_get(run, "italic")) ? "_" : "";
        const char *href = json_string_value(json_object_get(run, "href"));
        printf("%s%s%s", mark, str(run, "text"), mark);
        if (href) printf(" <%s>", href);
    }
    fputs("\n", stdout);
}

static void print_view(json_t *tree) {
    size_t i, j;
    json_t *node, *child;
    json_array_foreach(json_object_get(json_object_get(tree, "root"), "children"), i, node) {
        json_t *props = json_object_get(node, "props");
        const char *type = str(node, "type");
        if (strcmp(type, "reasoning") == 0) {
            const char *summary = json_string_value(json_object_get(props, "summary"));
            printf("- %s: %s%s%s\n", str(node, "id"), str(props, "header"), summary ? " — " : "",
                   summary ? summary : "");
            json_array_foreach(json_object_get(node, "children"), j, child) print_paragraph(child);
        } else if (strcmp(type, "tool_call") == 0) {
            const char *summary = json_string_value(json_object_get(props, "summary"));
            const char *duration = json_string_value(json_object_get(props, "duration"));
            printf("- %s: [%s] %s: %s", str(node, "id"), icon_text(str(props, "icon")), str(props, "title"),
                   str(props, "status_label"));
            if (summary) printf(" — %s", summary);
            if (duration) printf(" (%s)", duration);
            fputs("\n", stdout);
        } else {
            printf("- %s: %s (%s)\n", str(node, "id"), str(props, "text"), str(props, "kind"));
        }
    }
}

static void print_questions(json_t *parts, json_t *attachments) {
    size_t i;
    json_t *part;
    json_array_foreach(parts, i, part) {
        json_t *call = json_object_get(part, "tool_call");
        json_t *attachment = json_array_get(attachments, (size_t)json_integer_value(json_object_get(part, "index")));
        if (!json_is_object(attachment)) printf("  %s: no attachment at its index\n", str(part, "id"));
        json_t *approval = json_object_get(call, "approval");
        json_t *authorization = json_object_get(call, "authorization");
        if (json_is_object(approval) && strcmp(str(call, "status"), "awaiting_approval") == 0)
            printf("  %s asks %s: %s\n", str(call, "id"), str(call, "target_user_id"), str(approval, "title"));
        if (json_is_object(authorization) && json_is_string(json_object_get(authorization, "launch_url")))
            printf("  %s sign-in: %s -> %s\n", str(call, "id"), str(authorization, "title"),
                   str(authorization, "launch_url"));
    }
}

/* Prints one message; returns 0 on success. */
static int show_message(json_t *message, int number) {
    char *attachments = json_dumps(json_object_get(message, "attachments"), JSON_COMPACT | JSON_ENCODE_ANY);
    char *view = NULL, *parts = NULL;
    int rc = 1;
    if (!attachments) {
        fprintf(stderr, "steps: message %d has no attachments array\n", number);
        return 1;
    }
    sca_status status = sca_steps_render(attachments, NULL, &view);
    if (status == SCA_OK) status = sca_parts_decode_views(attachments, &parts);
    if (status != SCA_OK) {
        fprintf(stderr, "steps: message %d: %s: %s\n", number, sca_status_name(status), sca_last_error());
    } else {
        json_t *tree = json_loads(view, 0, NULL), *decoded = json_loads(parts, 0, NULL);
        printf("== %s (%d)\n", str(message, "id"), number);
        print_view(tree);
        print_questions(decoded, json_object_get(message, "attachments"));
        json_decref(tree);
        json_decref(decoded);
        rc = 0;
    }
    sca_free(view);
    sca_free(parts);
    free(attachments);
    return rc;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: steps FILE   (a message as JSON, or JSONL of message updates)\n");
        return 2;
    }
    if (sca_abi_version() != SCA_ABI_VERSION) {
        fprintf(stderr, "steps: built for ABI %d, loaded %d\n", SCA_ABI_VERSION, sca_abi_version());
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    json_error_t error;
    json_t *whole = json_loadf(f, 0, &error);
    int failures = 0, number = 0;
    if (whole) {
        failures += show_message(whole, ++number);
        json_decref(whole);
    } else {
        char line[1 << 16];
        rewind(f);
        while (fgets(line, sizeof line, f)) {
            if (line[0] == '\n') continue;
            json_t *message = json_loads(line, 0, &error);
            if (!message) {
                fprintf(stderr, "steps: line %d: %s\n", number + 1, error.text);
                failures++;
                number++;
                continue;
            }
            failures += show_message(message, ++number);
            json_decref(message);
        }
    }
    fclose(f);
    return failures ? 1 : 0;
}
