/*
 * ticker — a test renderer plugin whose view depends on state of its own:
 * each reply shows a counter and a "Tick" button. A tap is counted on a
 * thread of the plugin's (as data that arrives later would be), which then
 * calls host->request_render(): the host asks view() again and tells the app.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "streamchatai_plugin.h"

#define MAX_REPLIES 64

struct reply {
    char id[128];
    long count;
};

struct sca_renderer_engine {
    pthread_mutex_t lock;
    pthread_cond_t idle;
    int running; /* tick threads still using the engine */
    int replies;
    struct reply reply[MAX_REPLIES];
};

static const sca_host_services *services;
static int init_count;

static int32_t ticker_init(const sca_host_services *host) {
    if (init_count++ == 0) services = host;
    return 0;
}

static void ticker_shutdown(void) {
    if (init_count > 0) init_count--;
}

static int32_t ticker_has_tool(const char *name) {
    (void)name;
    return 0;
}

static int32_t ticker_call_tool(const char *name, const char *arguments_json, sca_plugin_call *call) {
    (void)name;
    (void)arguments_json;
    (void)call;
    return 1;
}

static sca_renderer_engine *ticker_create_engine(void) {
    sca_renderer_engine *engine = calloc(1, sizeof *engine);
    if (!engine) return NULL;
    pthread_mutex_init(&engine->lock, NULL);
    pthread_cond_init(&engine->idle, NULL);
    return engine;
}

static void ticker_destroy_engine(sca_renderer_engine *engine) {
    pthread_mutex_lock(&engine->lock);
    while (engine->running > 0) pthread_cond_wait(&engine->idle, &engine->lock);
    pthread_mutex_unlock(&engine->lock);
    pthread_cond_destroy(&engine->idle);
    pthread_mutex_destroy(&engine->lock);
    free(engine);
}

/* The reply's slot, made when missing (NULL when full or the id is too long). Lock held. */
static struct reply *slot(sca_renderer_engine *engine, const char *message_id) {
    int i;
    if (strlen(message_id) >= sizeof engine->reply[0].id) return NULL;
    for (i = 0; i < engine->replies; i++) {
        if (strcmp(engine->reply[i].id, message_id) == 0) return &engine->reply[i];
    }
    if (engine->replies == MAX_REPLIES) return NULL;
    strcpy(engine->reply[engine->replies].id, message_id);
    engine->reply[engine->replies].count = 0;
    return &engine->reply[engine->replies++];
}

static void ticker_receive(sca_renderer_engine *engine, const char *message_id, const char *document_json) {
    (void)document_json;
    pthread_mutex_lock(&engine->lock);
    slot(engine, message_id);
    pthread_mutex_unlock(&engine->lock);
}

static int32_t ticker_view(sca_renderer_engine *engine, const char *message_id, const char *document_json,
                           sca_json_writer write, void *writer_ctx) {
    char node[320];
    struct reply *r;
    long count;
    (void)document_json;
    pthread_mutex_lock(&engine->lock);
    r = slot(engine, message_id);
    count = r ? r->count : 0;
    pthread_mutex_unlock(&engine->lock);
    if (!r) return 1;
    snprintf(node, sizeof node,
             "{\"id\": \"ticker\", \"type\": \"ticker\", \"props\": {\"count\": %ld}, \"children\": "
             "[{\"id\": \"tick\", \"type\": \"button\", \"props\": {\"label\": \"Tick\"}, \"events\": [\"tap\"]}]}",
             count);
    write(writer_ctx, node);
    return 0;
}

struct tick {
    sca_renderer_engine *engine;
    char message_id[128];
};

static void *count_tick(void *arg) {
    struct tick *tick = arg;
    sca_renderer_engine *engine = tick->engine;
    struct reply *r;
    pthread_mutex_lock(&engine->lock);
    r = slot(engine, tick->message_id);
    if (r) r->count++;
    pthread_mutex_unlock(&engine->lock);
    if (services && services->struct_size >= offsetof(sca_host_services, request_render) + sizeof services->request_render) {
        services->request_render(engine, tick->message_id);
    }
    pthread_mutex_lock(&engine->lock);
    engine->running--;
    pthread_cond_broadcast(&engine->idle);
    pthread_mutex_unlock(&engine->lock);
    free(tick);
    return NULL;
}

static int32_t ticker_event(sca_renderer_engine *engine, const char *message_id, const char *event_json,
                            const char *node_json, sca_json_writer write, void *writer_ctx) {
    struct tick *tick;
    pthread_t thread;
    (void)node_json;
    (void)write;
    (void)writer_ctx;
    if (!strstr(event_json, "\"tap\"") || strlen(message_id) >= sizeof tick->message_id) return 0;
    tick = calloc(1, sizeof *tick);
    if (!tick) return 0;
    tick->engine = engine;
    strcpy(tick->message_id, message_id);
    pthread_mutex_lock(&engine->lock);
    engine->running++;
    pthread_mutex_unlock(&engine->lock);
    if (pthread_create(&thread, NULL, count_tick, tick) != 0) {
        pthread_mutex_lock(&engine->lock);
        engine->running--;
        pthread_mutex_unlock(&engine->lock);
        free(tick);
        return 0;
    }
    pthread_detach(thread);
    return 0;
}

static void ticker_remove(sca_renderer_engine *engine, const char *message_id) {
    int i;
    pthread_mutex_lock(&engine->lock);
    for (i = 0; i < engine->replies; i++) {
        if (strcmp(engine->reply[i].id, message_id) == 0) {
            engine->reply[i] = engine->reply[--engine->replies];
            break;
        }
    }
    pthread_mutex_unlock(&engine->lock);
}

static const sca_renderer_v1 renderer = {
    sizeof(sca_renderer_v1), "ticker", ticker_create_engine, ticker_destroy_engine,
    ticker_receive, ticker_view, ticker_event, ticker_remove,
};

static const void *ticker_get_feature(const char *feature_id) {
    return strcmp(feature_id, SCA_RENDERER_FEATURE_V1) == 0 ? &renderer : NULL;
}

static const sca_plugin plugin = {
    sizeof(sca_plugin), SCA_PLUGIN_ABI_MAJOR, SCA_PLUGIN_ABI_MINOR, "ticker",
    ticker_init, ticker_shutdown, ticker_has_tool, ticker_call_tool, ticker_get_feature,
};

SCA_PLUGIN_EXPORT const sca_plugin *sca_plugin_entry_v1(void) { return &plugin; }
