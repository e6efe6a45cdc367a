/*
 * ui_state — a reply whose view changes by itself: the `ticker` test renderer
 * counts a tap on a thread of its own and asks for a new render. The app hears
 * it through the render callback (sca_ui_host_set_render_callback), renders
 * the reply again, and draws only what changed (sca_ui_diff). Also shows the
 * built-in renderers being chosen in the host's config.
 *
 *   ui_state TEST_PLUGINS_DIR
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "streamchatai.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static int renders_asked;
static char asked_for[64];

static void check(sca_status status, const char *what) {
    if (status != SCA_OK) {
        fprintf(stderr, "ui_state: %s: %s: %s\n", what, sca_status_name(status), sca_last_error());
        exit(1);
    }
}

/* Runs on the renderer's own thread: only note it; the app renders on its own thread. */
static void render_again(void *ctx, const char *message_id) {
    (void)ctx;
    pthread_mutex_lock(&lock);
    snprintf(asked_for, sizeof asked_for, "%s", message_id);
    renders_asked++;
    pthread_cond_signal(&changed);
    pthread_mutex_unlock(&lock);
}

static void wait_for_render_request(int count) {
    pthread_mutex_lock(&lock);
    while (renders_asked < count) pthread_cond_wait(&changed, &lock);
    pthread_mutex_unlock(&lock);
}

int main(int argc, char **argv) {
    sca_ui_host *host = NULL;
    char *before = NULL, *after = NULL, *ops = NULL, *out = NULL;
    if (argc != 2) {
        fprintf(stderr, "usage: ui_state TEST_PLUGINS_DIR\n");
        return 2;
    }

    printf("== built-in renderers are chosen in the config\n");
    sca_status rc = sca_ui_host_new("{\"renderers\": [\"klingon\"]}", &host);
    printf("  an unknown one: %s (%s)\n", sca_status_name(rc), sca_last_error());

    check(sca_ui_host_new("{\"renderers\": []}", &host), "new");
    check(sca_ui_host_set_render_callback(host, render_again, NULL), "set_render_callback");
    check(sca_ui_host_load_plugins(host, argv[1], NULL), "load_plugins");
    check(sca_ui_host_receive(host, "m1", "{\"ai_ui\": {\"v\": 1, \"format\": \"ticker\", \"content\": {}}}", NULL), "receive");

    printf("== the engine keeps its own state\n");
    check(sca_ui_host_render(host, "m1", &before), "render");
    printf("  before: %s\n", strstr(before, "\"count\"") ? strstr(before, "\"count\"") : before);
    check(sca_ui_host_event(host, "m1", "{\"node_id\": \"tick\", \"name\": \"tap\"}", &out), "event");
    printf("  tap: %s\n", out);
    sca_free(out);
    wait_for_render_request(1);
    printf("  the render callback asked for %s\n", asked_for);
    check(sca_ui_host_render(host, "m1", &after), "render again");
    check(sca_ui_diff(before, after, &ops), "diff");
    printf("  what changed: %s\n", ops);

    sca_free(before);
    sca_free(after);
    sca_free(ops);
    sca_ui_host_free(host);
    return 0;
}
