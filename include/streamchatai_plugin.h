/*
 * streamchatai_plugin.h — what a streamchatai plugin exports.
 *
 * A plugin is a folder: manifest.json (what it provides, read without running
 * any code) and one shared object. The shared object exports one entry
 * function, named in the manifest, that returns a static sca_plugin table.
 * Plugins never link libstreamchatai.so: everything they need from the host
 * comes in the sca_host_services table handed to init().
 *
 * Rules, as in CLAP:
 *
 *  - Versions: every table starts with struct_size and an ABI major/minor.
 *    The host refuses another major, accepts any minor, and never reads a
 *    field beyond struct_size, so later minors may only append fields.
 *    Optional features are found by a versioned string id through
 *    get_feature() ("streamchatai.renderer/1").
 *  - Ownership: tables and strings the plugin returns are the plugin's and
 *    stay valid until shutdown() (static storage is simplest). Strings the
 *    host passes are borrowed for the call only. A tool's result goes back
 *    through host->complete(), which copies it: nothing the plugin allocates
 *    is ever freed by the host.
 *  - Errors: functions return int32_t status codes (0 = success); nothing may
 *    unwind (C++ exceptions, longjmp) across the boundary.
 *  - Lifetime: the host opens the shared object with RTLD_NOW | RTLD_LOCAL
 *    when a plugin is first needed and never closes it. init() and
 *    shutdown() must be idempotent and counted: a plugin may be initialized
 *    by more than one host in a process (each init() matched by a
 *    shutdown()); only the first init and the last shutdown do work.
 *  - Threads: tags say where each function may be called:
 *    [main] never concurrently with any other function of the plugin;
 *    [any-thread] from any thread, also concurrently.
 *
 * The header compiles as C99 and as C++.
 */
#ifndef STREAMCHATAI_PLUGIN_H
#define STREAMCHATAI_PLUGIN_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The plugin ABI this header describes. A host accepts plugins of the same
 *  major and any minor. Since plugin ABI 1.0. */
#define SCA_PLUGIN_ABI_MAJOR 1
/** See SCA_PLUGIN_ABI_MAJOR. 1 since sca_host_services.request_render was
 *  added. Since plugin ABI 1.0. */
#define SCA_PLUGIN_ABI_MINOR 1

/** Log levels for sca_host_services.log. Since plugin ABI 1.0. */
#define SCA_PLUGIN_LOG_DEBUG 0
/** See SCA_PLUGIN_LOG_DEBUG. */
#define SCA_PLUGIN_LOG_INFO 1
/** See SCA_PLUGIN_LOG_DEBUG. */
#define SCA_PLUGIN_LOG_WARNING 2
/** See SCA_PLUGIN_LOG_DEBUG. */
#define SCA_PLUGIN_LOG_ERROR 3

/** One running tool call, owned by the host. Valid until the plugin completes
 *  it through sca_host_services.complete(). Since plugin ABI 1.0. */
typedef struct sca_plugin_call sca_plugin_call;

/** A renderer's state for one conversation, owned by the plugin (see
 *  sca_renderer_v1). Since plugin ABI 1.0. */
typedef struct sca_renderer_engine sca_renderer_engine;

/** Services the host offers a plugin; handed to init(), valid until the
 *  matching shutdown(). Since plugin ABI 1.0. */
typedef struct sca_host_services {
    /** sizeof(sca_host_services) as the host was built: read no field beyond it. */
    uint32_t struct_size;
    /** The host's plugin ABI. */
    uint32_t abi_major;
    /** See abi_major. */
    uint32_t abi_minor;
    /** Writes a line to the plugin's log, which the host keeps with the
     *  plugin's entry in the plugin list. host is the table init() received;
     *  message is borrowed. [any-thread] */
    void (*log)(const struct sca_host_services *host, int32_t level, const char *message);
    /** Completes a tool call, now or later, from any thread, exactly once.
     *  result_json: {"status": "completed", "output": {...}, "summary": "..."}
     *  or {"status": "failed", "error": "why"}; copied before it returns.
     *  Returns 0 when taken; non-zero when the call already has a result (it
     *  timed out or was completed) or the JSON is not a result — then the
     *  call is unchanged, and call is no longer valid only when 0 was
     *  returned. [any-thread] */
    int32_t (*complete)(sca_plugin_call *call, const char *result_json);
    /** 1 when the host no longer waits for the call (it timed out or the
     *  runner stopped), so long work can stop early; 0 otherwise.
     *  [any-thread, until the call is completed] */
    int32_t (*is_cancelled)(sca_plugin_call *call);
    /** Says that a reply's view changed by itself (a timer fired, data
     *  arrived): the host asks view() for it again on its next render and
     *  tells the app to render it. engine is one create_engine() made;
     *  message_id is borrowed. An engine or reply the host no longer knows is
     *  ignored. Present when struct_size reaches it: check before calling.
     *  [any-thread] Since plugin ABI 1.1. */
    void (*request_render)(sca_renderer_engine *engine, const char *message_id);
} sca_host_services;

/** The table a plugin's entry function returns. Since plugin ABI 1.0. */
typedef struct sca_plugin {
    /** sizeof(sca_plugin) as the plugin was built. */
    uint32_t struct_size;
    /** SCA_PLUGIN_ABI_MAJOR as the plugin was built. */
    uint32_t abi_major;
    /** SCA_PLUGIN_ABI_MINOR as the plugin was built. */
    uint32_t abi_minor;
    /** The plugin's name; must equal the manifest's "name". */
    const char *name;
    /** Prepares the plugin; returns 0 on success. Counted: see the rules
     *  above. host stays valid until the matching shutdown(). [main] */
    int32_t (*init)(const sca_host_services *host);
    /** Undoes one init(). [main] */
    void (*shutdown)(void);
    /** 1 when the plugin provides the tool `name`, else 0. The host asks for
     *  every tool the manifest lists before the first call. [any-thread] */
    int32_t (*has_tool)(const char *name);
    /** Starts a tool call. arguments_json is a JSON object already checked
     *  against the tool's inputSchema (borrowed for this call). The plugin
     *  completes `call` through host->complete(), before returning or later
     *  from any thread. Returns 0 when it took the call; non-zero refuses it
     *  (the host then fails the call and does not expect complete()).
     *  [any-thread] */
    int32_t (*call_tool)(const char *name, const char *arguments_json, sca_plugin_call *call);
    /** An optional feature by versioned id, such as "streamchatai.renderer/1",
     *  or NULL. Ids match exactly. May itself be NULL. [any-thread] */
    const void *(*get_feature)(const char *feature_id);
} sca_plugin;

/** The type of the entry function a plugin exports (its name is given in the
 *  manifest; "sca_plugin_entry_v1" by convention). Returns a pointer to a
 *  static table, or NULL if the plugin can't run here. Since plugin ABI 1.0. */
typedef const sca_plugin *(*sca_plugin_entry_fn)(void);

/* ------------------------------------------------------------------------ */
/* The renderer feature                                                      */
/* ------------------------------------------------------------------------ */

/** The id get_feature() answers with an sca_renderer_v1 table, for a plugin
 *  whose manifest lists a renderer. Since plugin ABI 1.0. */
#define SCA_RENDERER_FEATURE_V1 "streamchatai.renderer/1"

/** Takes JSON text from a renderer; the host copies it before returning.
 *  [callback: runs on the thread of the renderer call it was handed to] */
typedef void (*sca_json_writer)(void *writer_ctx, const char *json);

/** A renderer of a UI format of the plugin's own, turning each reply's
 *  document into a UI IR node (see docs/ui-ir.md). Since plugin ABI 1.0. */
typedef struct sca_renderer_v1 {
    /** sizeof(sca_renderer_v1) as the plugin was built. */
    uint32_t struct_size;
    /** The format; must equal the "format" of a renderer in the manifest. */
    const char *format;
    /** A new engine for one conversation, or NULL. [main] */
    sca_renderer_engine *(*create_engine)(void);
    /** Frees an engine. [main] */
    void (*destroy_engine)(sca_renderer_engine *engine);
    /** Each reply's document as it arrives, oldest first, also for replies not
     *  on screen: {"v", "format", "version"?, "status", "content"}. [main] */
    void (*receive)(sca_renderer_engine *engine, const char *message_id, const char *document_json);
    /** Writes the reply's UI as one IR node ({"id", "type", "props",
     *  "children", "events", "state", "bindings"}) through write and returns
     *  0; or returns non-zero (writing nothing) for the reply to show its text.
     *  Asked again each time the reply's document changes. [main] */
    int32_t (*view)(sca_renderer_engine *engine, const char *message_id, const char *document_json,
                    sca_json_writer write, void *writer_ctx);
    /** The user raised event_json ({"node_id", "name", "value"?}) on the node
     *  node_json. Writes zero or more actions, each {"name", "payload"} (the
     *  host labels them with what the user tapped), and zero or more tool
     *  requests, each {"run_tool": {"name", "arguments"}}, which the host runs
     *  as user-initiated under its tool policy. Returns 0. [main] */
    int32_t (*event)(sca_renderer_engine *engine, const char *message_id, const char *event_json,
                     const char *node_json, sca_json_writer write, void *writer_ctx);
    /** The reply left the conversation. [main] */
    void (*remove)(sca_renderer_engine *engine, const char *message_id);
} sca_renderer_v1;

/** Marks the entry function for export from the shared object. */
#if defined(__GNUC__) || defined(__clang__)
#define SCA_PLUGIN_EXPORT __attribute__((visibility("default")))
#else
#define SCA_PLUGIN_EXPORT
#endif

#ifdef __cplusplus
}
#endif

#endif /* STREAMCHATAI_PLUGIN_H */
