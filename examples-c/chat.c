/*
 * chat — the agent chat client from C, against the test suite's scripted
 * Chatbase-style server: a send whose reply asks for a client tool (run by a C
 * handler, its result posted, the conversation continued), the events as
 * they come, then the failures a caller meets: an HTTP error, the tool-loop
 * limit, a cancel from another thread mid-stream, bad arguments.
 *
 *   chat BASE_URL
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "streamchatai.h"

static void check(sca_status status, const char *what) {
    if (status != SCA_OK) {
        fprintf(stderr, "chat: %s: %s: %s\n", what, sca_status_name(status), sca_last_error());
        exit(1);
    }
}

/* The handler of get_location: answers at once with the city. */
static void get_location(void *ctx, const char *call_json, sca_result *result) {
    (void)ctx;
    json_t *call = json_loads(call_json, 0, NULL);
    const char *precision = json_string_value(json_object_get(json_object_get(call, "arguments"), "precision"));
    char output[128];
    snprintf(output, sizeof output, "{\"city\": \"Lyon\", \"precision\": \"%s\"}", precision ? precision : "?");
    json_decref(call);
    check(sca_result_complete(result, output, "Shared the city"), "sca_result_complete");
}

/* Prints each event on a line; text deltas as they came. */
static void on_event(void *ctx, const char *event_json) {
    (void)ctx;
    json_t *event = json_loads(event_json, 0, NULL);
    const char *type = json_string_value(json_object_get(event, "type"));
    if (strcmp(type, "text_delta") == 0) {
        printf("  text_delta \"%s\"\n", json_string_value(json_object_get(event, "delta")));
    } else if (strcmp(type, "tool_call") == 0) {
        char *input = json_dumps(json_object_get(event, "input"), JSON_COMPACT | JSON_SORT_KEYS);
        printf("  tool_call %s %s by %s\n", json_string_value(json_object_get(event, "tool_name")), input,
               json_string_value(json_object_get(event, "executor")));
        free(input);
    } else if (strcmp(type, "tool_result") == 0) {
        char *output = json_dumps(json_object_get(event, "output"), JSON_COMPACT | JSON_SORT_KEYS);
        printf("  tool_result %s %s\n", json_string_value(json_object_get(event, "tool_name")), output);
        free(output);
    } else if (strcmp(type, "steps") == 0) {
        printf("  steps:");
        size_t i;
        json_t *step;
        json_array_foreach(json_object_get(event, "attachments"), i, step) {
            printf(" %s/%s", json_string_value(json_object_get(step, "name")), json_string_value(json_object_get(step, "status")));
        }
        printf("\n");
    } else {
        printf("  %s\n", type);
    }
    json_decref(event);
}

static void print_response(const char *response_json) {
    json_t *response = json_loads(response_json, 0, NULL);
    printf("text: %s\n", json_string_value(json_object_get(response, "text")));
    printf("rounds: %lld, finish_reason: %s, credits: %lld, conversation named: %s\n",
           json_integer_value(json_object_get(response, "rounds")),
           json_string_value(json_object_get(response, "finish_reason")),
           json_integer_value(json_object_get(json_object_get(response, "usage"), "credits")),
           json_is_string(json_object_get(response, "conversation_id")) ? "yes" : "no");
    size_t i;
    json_t *call;
    json_array_foreach(json_object_get(response, "tool_calls"), i, call) {
        char *output = json_dumps(json_object_get(call, "output"), JSON_COMPACT | JSON_SORT_KEYS);
        printf("tool call %s by %s: %s %s\n", json_string_value(json_object_get(call, "tool_name")),
               json_string_value(json_object_get(call, "executor")), json_string_value(json_object_get(call, "state")), output);
        free(output);
    }
    json_decref(response);
}

/* Prints a failure's code and the start of its message (ports and ids vary). */
static void print_failure(const char *what, sca_status status) {
    char shown[80];
    snprintf(shown, sizeof shown, "%s", sca_last_error());
    char *port = strstr(shown, "127.0.0.1:");
    if (port) port[9] = '\0';
    printf("%s: %s: %s\n", what, sca_status_name(status), shown);
}

struct canceller {
    sca_chat_client *client;
    pthread_mutex_t lock;
    pthread_cond_t started;
    int streaming;
};

/* Tells the canceller thread that text is streaming. */
static void on_hang_event(void *ctx, const char *event_json) {
    struct canceller *c = ctx;
    if (strstr(event_json, "\"text_delta\"")) {
        pthread_mutex_lock(&c->lock);
        c->streaming = 1;
        pthread_cond_signal(&c->started);
        pthread_mutex_unlock(&c->lock);
    }
}

static void *cancel_when_streaming(void *arg) {
    struct canceller *c = arg;
    pthread_mutex_lock(&c->lock);
    while (!c->streaming) pthread_cond_wait(&c->started, &c->lock);
    pthread_mutex_unlock(&c->lock);
    check(sca_chat_client_cancel(c->client), "sca_chat_client_cancel");
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: chat BASE_URL\n");
        return 2;
    }
    char config[512];
    snprintf(config, sizeof config,
             "{\"transport\": \"chatbase\", \"base_url\": \"%s\", \"agent_id\": \"agent-1\", \"user_id\": \"u-1\","
             " \"client_id\": \"linux-c\", \"retry_delays_ms\": [1, 1, 1]}", argv[1]);
    sca_chat_client *client = NULL;
    check(sca_chat_client_new(config, &client), "sca_chat_client_new");
    check(sca_chat_client_add_tool(client, "{\"name\": \"get_location\", \"inputSchema\": {\"type\": \"object\"}}", get_location, NULL),
          "sca_chat_client_add_tool");
    check(sca_chat_client_set_callback(client, on_event, NULL), "sca_chat_client_set_callback");

    printf("send \"tool\":\n");
    char *response = NULL;
    check(sca_chat_client_send(client, NULL, "{\"text\": \"tool\"}", &response), "sca_chat_client_send");
    print_response(response);
    sca_free(response);

    printf("send \"hello\" without a callback:\n");
    check(sca_chat_client_set_callback(client, NULL, NULL), "sca_chat_client_set_callback");
    check(sca_chat_client_send(client, NULL, "{\"text\": \"hello\"}", &response), "sca_chat_client_send");
    print_response(response);
    sca_free(response);

    sca_status status = sca_chat_client_send(client, NULL, "{\"text\": \"http500\"}", &response);
    print_failure("an HTTP error", status);
    printf("  response left NULL: %s\n", response == NULL ? "yes" : "no");
    status = sca_chat_client_send(client, NULL, "{\"text\": \"loop\"}", NULL);
    print_failure("a tool asked for in every round", status);

    struct canceller c = {client, PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0};
    check(sca_chat_client_set_callback(client, on_hang_event, &c), "sca_chat_client_set_callback");
    pthread_t thread;
    pthread_create(&thread, NULL, cancel_when_streaming, &c);
    status = sca_chat_client_send(client, NULL, "{\"text\": \"hang\"}", NULL);
    pthread_join(thread, NULL);
    print_failure("cancelled from another thread", status);

    print_failure("a message that is not an object", sca_chat_client_send(client, NULL, "[1]", NULL));
    print_failure("a message that is not JSON", sca_chat_client_send(client, NULL, "{\"text\": ", NULL));
    print_failure("a NULL message", sca_chat_client_send(client, NULL, NULL, NULL));
    print_failure("a NULL client", sca_chat_client_send(NULL, NULL, "{\"text\": \"hi\"}", NULL));
    sca_chat_client_free(client);
    print_failure("a freed client", sca_chat_client_cancel(client));

    sca_chat_client *bad = NULL;
    print_failure("an unknown setting", sca_chat_client_new("{\"url\": \"http://127.0.0.1:1/\", \"colour\": 1}", &bad));
    print_failure("chatbase without an agent", sca_chat_client_new("{\"transport\": \"chatbase\"}", &bad));
    print_failure("a URL that is not http", sca_chat_client_new("{\"url\": \"file:///etc/passwd\"}", &bad));
    printf("status names: %s %s\n", sca_status_name(SCA_E_IO), sca_status_name(SCA_E_CANCELLED));
    return 0;
}
