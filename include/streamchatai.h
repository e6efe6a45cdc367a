/*
 * streamchatai.h — the host API of libstreamchatai.
 *
 * streamchatai gives a Linux app or agent backend what the mobile AI chat
 * SDKs give iOS apps: the steps of an agent's reply (reasoning, tool calls)
 * decoded and presented; client tools run exactly once for this user and
 * install, with approvals and sign-ins; plugins (shared objects and, later,
 * MCP servers) as tools and renderers; and generative UI rendered into a
 * toolkit-neutral tree. This header is the contract; the library implements
 * it in Swift and exports nothing but the sca_ names declared here.
 *
 * Conventions, as in sqlite3.h and jansson.h:
 *
 *  - Data crosses the boundary as UTF-8 JSON text.
 *  - Ownership: every string the library returns through an out-pointer is
 *    owned by the caller and freed with sca_free(). Every input is borrowed for
 *    the duration of the call only. Strings returned as `const char *` (the
 *    version, the last error, status names) are owned by the library and
 *    never freed.
 *  - Errors: every fallible call returns an sca_status; SCA_OK (0) means
 *    success. On failure out-pointers are set to NULL (never a partial
 *    result) and sca_last_error() says what was wrong and where (a JSON path
 *    such as $[2].type, or a byte offset).
 *  - Bad input (NULL, invalid UTF-8, invalid JSON, wrong types, oversized or
 *    too deeply nested documents) gives an error code, never a crash.
 *  - Threads, as tagged on each declaration:
 *      [any-thread]   may be called from any thread, also concurrently with
 *                     other calls on the same handle.
 *      [not concurrently on one handle]  may be called from any thread, but
 *                     not at the same time as another call on that handle
 *                     (calls on different handles may overlap).
 *      [callback: runs on ...]  a function the app gives the library, and
 *                     the thread the library calls it on.
 *    The library needs no main loop and holds no global lock on the way.
 *  - The library installs no signal handlers and never exits or traps on bad
 *    input. Tool timeouts and delivery retries run on library threads.
 *  - Versions: each declaration says the library version it appeared in
 *    ("Since 0.1"); SCA_VERSION_NUMBER lets code test for it when compiling.
 *    Additions keep SCA_ABI_VERSION; a removal or change raises it.
 *  - Names: sca_<object>_<verb> for calls on a handle (sca_runner_run) and
 *    sca_<noun>_<verb> for the others (sca_steps_render); new names follow
 *    this rule.
 *
 * The header compiles as C99 and as C++.
 */
#ifndef STREAMCHATAI_H
#define STREAMCHATAI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Versions                                                                 */
/* ------------------------------------------------------------------------ */

/** The ABI version this header describes. Additions keep it; a removal or an
 *  incompatible change raises it. Compare with sca_abi_version() at run time.
 *  Since 0.1. */
#define SCA_ABI_VERSION 1

/** The library version this header ships with, "MAJOR.MINOR.PATCH".
 *  Since 0.1. */
#define SCA_VERSION_STRING "0.3.0"

/** The same version as one number, MAJOR * 1000000 + MINOR * 1000 + PATCH,
 *  for compile-time checks: #if SCA_VERSION_NUMBER >= 3000 (0.3.0). Compare
 *  with sca_version_number() at run time. Since 0.2. */
#define SCA_VERSION_NUMBER 3000

/** The ABI version of the loaded library (SCA_ABI_VERSION when it was built).
 *  [any-thread] Since 0.1. */
int sca_abi_version(void);

/** The version string of the loaded library, such as "0.3.0". Owned by the
 *  library, valid for the life of the process; never free it.
 *  [any-thread] Since 0.1. */
const char *sca_version(void);

/** The version of the loaded library as SCA_VERSION_NUMBER counts it: a
 *  program built against a newer header can check that the functions it
 *  uses are there. [any-thread] Since 0.2. */
int sca_version_number(void);

/* ------------------------------------------------------------------------ */
/* Status codes and errors                                                  */
/* ------------------------------------------------------------------------ */

/** The result of a fallible call: SCA_OK or one of the SCA_E_ codes.
 *  Since 0.1. */
typedef int sca_status;

/** Success. Since 0.1. */
#define SCA_OK 0
/** An argument is NULL, of the wrong JSON type or shape, or not valid UTF-8.
 *  Since 0.1. */
#define SCA_E_INVALID_ARGUMENT 1
/** A text that should be JSON is not. Since 0.1. */
#define SCA_E_INVALID_JSON 2
/** An input is over a limit (size, nesting depth; see sca_limit()).
 *  Since 0.1. */
#define SCA_E_LIMIT 3
/** Something named by the call does not exist. Since 0.1. */
#define SCA_E_NOT_FOUND 4
/** A rule refused the request; sca_last_error() names the rule.
 *  Since 0.1. */
#define SCA_E_REFUSED 5
/** A plugin misbehaved or could not be loaded. Since 0.1. */
#define SCA_E_PLUGIN 6
/** A bug in the library; please report it with sca_last_error().
 *  Since 0.1. */
#define SCA_E_INTERNAL 7
/** A network or file operation failed; sca_last_error() has the HTTP status
 *  and an excerpt of the body where there is one. Since 0.3. */
#define SCA_E_IO 8
/** The operation was cancelled (sca_chat_client_cancel()). Since 0.3. */
#define SCA_E_CANCELLED 9

/** A short constant name for a status code ("SCA_OK", "SCA_E_INVALID_JSON",
 *  ...; "SCA_E_UNKNOWN" for others). Owned by the library; never free it.
 *  [any-thread] Since 0.1. */
const char *sca_status_name(sca_status status);

/** The message of the last failure on the calling thread: what was wrong and
 *  where (JSON path, byte offset). Every fallible call clears it first, so it
 *  is "" after a success. Owned by the library, valid until the next call
 *  into the library on the same thread; never free it. Never NULL.
 *  [any-thread] (each thread has its own) Since 0.1. */
const char *sca_last_error(void);

/** Frees a string or buffer the library returned. NULL is a no-op.
 *  [any-thread] Since 0.1. */
void sca_free(void *p);

/* ------------------------------------------------------------------------ */
/* Limits                                                                   */
/* ------------------------------------------------------------------------ */

/** The largest JSON input accepted, in bytes. Default 64 MiB; at most 1 TiB
 *  (a larger value, such as INT64_MAX for "unlimited", is lowered to it).
 *  Since 0.1. */
#define SCA_LIMIT_INPUT_BYTES 0
/** The deepest nesting of arrays and objects accepted. Default 512; at most
 *  10000. Since 0.1. */
#define SCA_LIMIT_JSON_DEPTH 1

/** Reads and optionally changes a process-wide limit, as sqlite3_limit()
 *  does: returns the value before the call; a negative new_value changes
 *  nothing. Values above a limit's maximum are lowered to it. Returns -1 for
 *  an unknown limit_id.
 *  [any-thread] Since 0.1. */
int64_t sca_limit(int limit_id, int64_t new_value);

/* ------------------------------------------------------------------------ */
/* Steps: decoding                                                          */
/* ------------------------------------------------------------------------ */

/** Decodes the steps of a reply from its attachments.
 *
 *  attachments_json: a JSON array of attachment objects, in the message's
 *  order, with their fields at the top level (as a chat message carries
 *  them). Attachments whose "type" does not start with "ai_" (images, files,
 *  non-objects) are skipped but keep their position.
 *
 *  *out_json receives a JSON array, one object per step:
 *    {"kind", "id", "has_own_id", "v", "supported", "payload": <attachment>,
 *     "reasoning": {...} or null, "tool_call": {...} or null}
 *  "reasoning" has status, summary, preview, duration_ms; "tool_call" has
 *  id, has_own_id, name, display_title, status, executor, target_user_id,
 *  target_client_id, arguments, summary, duration_ms, approval,
 *  authorization (with the computed launch_url) and is_declined. Absent
 *  values are JSON null. A step whose "v" is above 1 has both views null.
 *
 *  Ownership: *out_json is the caller's; free it with sca_free().
 *  Errors: SCA_E_INVALID_ARGUMENT (NULL pointer, not an array, invalid
 *  UTF-8), SCA_E_INVALID_JSON, SCA_E_LIMIT; *out_json is then NULL.
 *  [any-thread] Since 0.1. */
sca_status sca_parts_decode(const char *attachments_json, char **out_json);

/** As sca_parts_decode(), but each step has "index" (its position in the
 *  attachment array) where "payload" would be: for a caller that holds the
 *  attachments already and would only parse them again (the Python binding
 *  puts its own object there; a C program keeps its jansson tree). The output
 *  is about half the size for typical replies.
 *  Ownership and errors as sca_parts_decode(). [any-thread] Since 0.2. */
sca_status sca_parts_decode_views(const char *attachments_json, char **out_json);

/* ------------------------------------------------------------------------ */
/* Steps: presentation                                                      */
/* ------------------------------------------------------------------------ */

/** Presents the steps of a reply as a UI IR tree (see docs/ui-ir.md).
 *
 *  parts_or_attachments_json: a JSON array of attachments, or of parts as
 *  sca_parts_decode() writes them.
 *  options_json: NULL or a JSON object:
 *    {"now_ms": <ms since epoch>,
 *     "reasoning_started_ms": {"<part id>": <ms since epoch>},
 *     "reasoning_text": {"<part id>": "<full reasoning so far>"},
 *     "strings": {"<key>": "<template>"}}
 *  "now_ms" and "reasoning_started_ms" count the seconds of "Thinking… 7s";
 *  "reasoning_text" replaces a part's preview; "strings" replaces shown text
 *  by key (see docs/steps.md for the keys; an unknown key is an error).
 *
 *  *out_json receives {"ir": 1, "root": {"id": "steps", "type": "steps",
 *  "children": [...], ...}}: one child per step, of type "reasoning" (with
 *  "paragraph" children of inline runs), "tool_call" or "unsupported_step".
 *
 *  Ownership: *out_json is the caller's; free it with sca_free().
 *  Errors: as sca_parts_decode(), plus SCA_E_INVALID_ARGUMENT for an unknown
 *  option or string key (the message names its path).
 *  [any-thread] Since 0.1. */
sca_status sca_steps_render(const char *parts_or_attachments_json, const char *options_json,
                            char **out_json);


/* ------------------------------------------------------------------------ */
/* Client tools: the runner                                                 */
/* ------------------------------------------------------------------------ */

/** A runner: runs the client tools a reply addresses to this user and this
 *  install, exactly once, and hands each result to the app to deliver.
 *  Opaque; create with sca_runner_new(), free with sca_runner_free().
 *  Since 0.1. */
typedef struct sca_runner sca_runner;

/** The pending result of one tool call, handed to a tool function. Complete it
 *  exactly once with sca_result_complete() or sca_result_fail(), now or later,
 *  from any thread. It stays valid until it is completed or its runner is
 *  freed; completing it again, or after the call timed out, is refused with an
 *  error code, never undefined behaviour. Since 0.1. */
typedef struct sca_result sca_result;

/** A tool implemented in C.
 *  call_json: the call as the "tool_call" object of sca_parts_decode() (with
 *  "arguments", already checked against the tool's input schema); borrowed
 *  for the call only.
 *  [callback: runs on the thread that calls sca_runner_run() (for a runner),
 *  or the thread of the UI host call that runs the tool] Since 0.1. */
typedef void (*sca_tool_fn)(void *ctx, const char *call_json, sca_result *result);

/** Completes a call: output_json is a JSON object for the model (NULL means
 *  {}), summary a short text every channel member sees (may be NULL). An
 *  output over 20 KB of JSON is delivered as a failed result that says so.
 *  Errors: SCA_E_INVALID_ARGUMENT (NULL, a result completed already, or one
 *  whose runner or UI host was freed; or an output that is not an object:
 *  then the result stays pending so you can complete it properly),
 *  SCA_E_INVALID_JSON, SCA_E_REFUSED (the call timed out or was cancelled
 *  before this result came; the result is dropped).
 *  [any-thread] Since 0.1. */
sca_status sca_result_complete(sca_result *r, const char *output_json, const char *summary);

/** Fails a call with a reason that the step shows and the model reads.
 *  Errors as sca_result_complete(). [any-thread] Since 0.1. */
sca_status sca_result_fail(sca_result *r, const char *reason);

/** Delivers one result to the agent's backend; returns 0 when delivered and
 *  anything else when not (the runner offers the result again on a later
 *  sca_runner_run(), up to max_attempts in all).
 *  call_json: the call, as for sca_tool_fn. result_json: {"call_id",
 *  "status": "completed", "output", "summary"} or {"call_id", "status":
 *  "failed", "error"}. Both borrowed for the call only.
 *  [callback: runs on the thread that completes the result: inside
 *  sca_runner_run() when the tool completes in its callback, else the thread
 *  that calls sca_result_complete()/sca_result_fail(), or a library thread
 *  for a timeout. So ctx must stay valid until the calls it sent for are
 *  finished or the runner is freed.] Since 0.1. */
typedef int (*sca_send_fn)(void *ctx, const char *call_json, const char *result_json);

/** Creates a runner.
 *  config_json: {"user_id", "client_id", "max_attempts" (default 3, at least
 *  1), "ledger_path" (optional: a file that makes "exactly once" survive
 *  restarts; created with mode 0600, beside it "<ledger_path>.lock"; one
 *  runner at a time may use it), "ledger_retention_calls" (default 10000:
 *  delivered calls remembered, newest first; since 0.2),
 *  "ledger_retention_days" (default 30: days a delivered or given-up call is
 *  remembered; since 0.2), "tool_timeout_ms" (default 60000),
 *  "allow_writable_plugins" (default false)}. Unknown settings are errors.
 *  Memory and the ledger file are bounded by the retention: a forgotten call
 *  offered again is taken as new.
 *  *out receives the runner; free it with sca_runner_free().
 *  Errors: SCA_E_INVALID_ARGUMENT, SCA_E_INVALID_JSON, SCA_E_REFUSED (the
 *  ledger is in use by another runner, still after a quarter of a second:
 *  a child process the host spawned a moment ago holds a copy of the lock
 *  until it runs its program).
 *  [any-thread] Since 0.1. */
sca_status sca_runner_new(const char *config_json, sca_runner **out);

/** Adds a tool: definition_json is an MCP Tool object (name, description,
 *  inputSchema with "type": "object", annotations, plus "instructions" and
 *  "showExternalSourcesIndicator"). The first tool of a name wins: adding
 *  another of the same name is SCA_E_REFUSED. fn and ctx must stay valid
 *  until the runner is freed.
 *  [any-thread, not concurrently with sca_runner_free] Since 0.1. */
sca_status sca_runner_add_tool(sca_runner *runner, const char *definition_json, sca_tool_fn fn, void *ctx);

/** The registrations to send to the backend: a JSON array sorted by name of
 *  {"name", "description", "instructions"?, "parameters",
 *  "showExternalSourcesIndicator"}. Free *out_json with sca_free().
 *  [any-thread] Since 0.1. */
sca_status sca_runner_registrations(sca_runner *runner, char **out_json);

/** Hands the runner the steps of a reply (a JSON array of attachments, or of
 *  parts), every time they change. It runs each call with executor
 *  "client", status "awaiting_client", this user and install, and an id of
 *  its own, at most once; gives a failed result to a call for a tool it lacks
 *  or with invalid arguments; and offers again results that failed to send.
 *  When a tool completes inside its callback, send is called before this
 *  returns. May be called from several threads at once.
 *  [any-thread] Since 0.1. */
sca_status sca_runner_run(sca_runner *runner, const char *attachments_json, sca_send_fn send, void *ctx);

/** Where each call the runner knows is: a JSON array of {"call_id", "tool",
 *  "state" ("running", "sending", "pending_delivery", "delivered",
 *  "gave_up"), "attempts", "result"}. Free *out_json with sca_free().
 *  [any-thread] Since 0.1. */
sca_status sca_runner_ledger(sca_runner *runner, char **out_json);

/** Runs the tool a custom_client_tool_invocation event names ({"type"?,
 *  "message_id", "tool": {"name"}, "args"}); no result is sent back.
 *  *out_call_json (may be NULL) receives the call handed to the tool.
 *  Errors: SCA_E_NOT_FOUND (no such tool), SCA_E_INVALID_ARGUMENT.
 *  [any-thread] Since 0.1. */
sca_status sca_runner_invoke(sca_runner *runner, const char *event_json, char **out_call_json);

/** Frees a runner; NULL is a no-op. Results not yet completed become
 *  invalid (completing them is an error); results completed later are not
 *  sent. [not concurrently with other calls on the same runner] Since 0.1. */
void sca_runner_free(sca_runner *runner);

/** A stable id of this install ("linux-<uuid>"), created on first use in
 *  dir_or_null/install-id (default $XDG_DATA_HOME/streamchatai, else
 *  ~/.local/share/streamchatai), folder mode 0700, file mode 0600. Free *out
 *  with sca_free(). [any-thread] Since 0.1. */
sca_status sca_install_id(const char *dir_or_null, char **out);

/* ------------------------------------------------------------------------ */
/* Client tools: approvals and sign-ins on the device                       */
/* ------------------------------------------------------------------------ */

/** What a tool call asks of the viewer. call_json: the step (attachment or
 *  "tool_call" object); viewer_json: {"user_id", "client_id", "now_ms"?}.
 *  *out_json receives {"approval": null or {"title", "lines", "allow_title",
 *  "decline_title"}, "sign_in": null or {"title", "message",
 *  "provider_name", "launch_url", "expires_at", "is_expired"}}.
 *  An approval shows only to target_user_id, only while awaiting_approval,
 *  only with a title, and for a client tool only on target_client_id. A
 *  sign-in shows only to target_user_id, only while awaiting_authorization,
 *  only for type "oauth", only with a valid launch URL; hide Connect when
 *  is_expired. Free *out_json with sca_free(). [any-thread] Since 0.1. */
sca_status sca_call_prompts(const char *call_json, const char *viewer_json, char **out_json);

/** Parses the return of a sign-in page to the app's callback scheme.
 *  *out_json receives {"for_app", "status", "connected"}: with connected
 *  true show "Connecting…" until the step changes; otherwise let the user
 *  connect again. Free *out_json with sca_free(). [any-thread] Since 0.1. */
sca_status sca_signin_return(const char *url, const char *callback_scheme, char **out_json);

/* ------------------------------------------------------------------------ */
/* Client tools: guards for agent backends                                  */
/* ------------------------------------------------------------------------ */

/** Applies an event to a tool-call step and writes the new step, or refuses.
 *  event_json: {"type": "approval", "allowed", "user_id", "client_id"},
 *  {"type": "result", "result": {...}, "user_id", "client_id"} or
 *  {"type": "authorization", "status", "user_id"}. The rules (who may act,
 *  in which status, only once) are in docs/tools.md.
 *  Errors: SCA_E_REFUSED with the reason in sca_last_error(),
 *  SCA_E_INVALID_ARGUMENT, SCA_E_INVALID_JSON. Free *out_call_json with
 *  sca_free(). [any-thread] Since 0.1. */
sca_status sca_call_transition(const char *call_json, const char *event_json, char **out_call_json);

/** Checks a register-tools request body as the reference endpoint does.
 *  *out_json receives {"status": 200 or 400, "response": <the endpoint's
 *  JSON answer>, "channel_id", "tools": [<sanitized tools>]}. A 400 is still
 *  SCA_OK: the check itself worked. Free *out_json with sca_free().
 *  [any-thread] Since 0.1. */
sca_status sca_register_tools_check(const char *request_json, char **out_json);

/* ------------------------------------------------------------------------ */
/* JSON Schema                                                              */
/* ------------------------------------------------------------------------ */

/** Validates a JSON value against a JSON Schema (2020-12: see docs/tools.md
 *  for the keywords). *out_json receives an array of violations, each
 *  {"path", "keyword", "message"}; empty when valid. A schema that can't be
 *  used is SCA_E_INVALID_ARGUMENT naming where. Free *out_json with
 *  sca_free(). [any-thread] Since 0.1. */
sca_status sca_schema_validate(const char *schema_json, const char *value_json, char **out_json);

/* ------------------------------------------------------------------------ */
/* Plugins                                                                  */
/* ------------------------------------------------------------------------ */

/** Discovers the plugins in dir (one folder each: manifest.json plus a shared
 *  object; see include/streamchatai_plugin.h and docs/plugins.md) and adds
 *  their tools to the runner (sca_ui_host_load_plugins() does the same for a
 *  UI host, with renderers too). Only manifests are read: a plugin's code loads
 *  when one of its tools is first called, and a failure to load then fails
 *  that call and shows in sca_plugins_list(). Folders are taken in sorted
 *  order; the first tool of a name wins (the runner's own tools first).
 *  A bad plugin (invalid manifest, missing library, path outside its folder,
 *  wrong ABI major, writable by group or others unless the runner's config
 *  says "allow_writable_plugins": true) is skipped; the others still load.
 *  *out_report_json (may be NULL) receives {"directory", "plugins": [{"folder",
 *  "status": "ok" or "skipped", "name", "version", "isolation", "tools",
 *  "renderers", "conflicts": [{"tool", "kept"}]} or {"folder", "status":
 *  "skipped", "reason", "file", "json_path"}]}; free it with sca_free().
 *  Errors: SCA_E_NOT_FOUND (dir can't be read), SCA_E_INVALID_ARGUMENT.
 *  [any-thread] Since 0.1. */
sca_status sca_runner_load_plugins(sca_runner *runner, const char *dir, char **out_report_json);

/** Adds an MCP server spoken to over stdio as a source of tools, after the
 *  runner's others (sca_ui_host_add_mcp_server() does the same for a UI host,
 *  whose read-only policy then follows the tools' readOnlyHint).
 *  config_json: {"name", "command": [program, args...] (a bare program name is
 *  looked up on PATH), "env": {NAME: value} (besides PATH, HOME, LANG, LC_*,
 *  TZ, TMPDIR, USER, LOGNAME, which pass on; nothing else of the host's
 *  environment does), "cwd", "tools" (optional MCP Tool objects: then they
 *  register without starting the server, which starts on their first call),
 *  "protocol_version" ("auto", the default: probe the 2026-07-28 era, then
 *  the initialize handshake; or one version), "start_timeout_ms" (default
 *  10000), "tool_timeout_ms", "max_message_bytes" (default 16 MiB),
 *  "stop_grace_ms" (default 2000)}. Unknown settings are errors.
 *  Without "tools" the server starts now and lists its tools. One process
 *  serves every call; a server that ends fails the calls in flight and starts
 *  again on the next; a call that times out sends notifications/cancelled;
 *  notifications/tools/list_changed updates the tools. The server is stopped
 *  (input closed, then SIGTERM, then SIGKILL) when the runner is freed.
 *  *out_report_json (may be NULL) receives {"name", "origin", "era"
 *  ("modern", "handshake" or null before it runs), "protocol_version",
 *  "tools", "conflicts": [{"tool", "kept"}]}; free it with sca_free().
 *  Errors: SCA_E_INVALID_ARGUMENT, SCA_E_INVALID_JSON, SCA_E_NOT_FOUND (no
 *  such program), SCA_E_REFUSED (the server speaks no version this library
 *  does), SCA_E_PLUGIN (it did not start or list its tools; the message says
 *  why, with its last lines of standard error).
 *  [any-thread, not concurrently with sca_runner_free] Since 0.2. */
sca_status sca_runner_add_mcp_server(sca_runner *runner, const char *config_json, char **out_report_json);

/** Every plugin this process has discovered, with where its code is:
 *  [{"name", "version", "folder", "kind" ("library" or "mcp_server"),
 *  "isolation", "status" ("discovered",
 *  "loaded", "failed"), "reason", "tools", "renderers", "log"}]. Free
 *  *out_json with sca_free(). [any-thread] Since 0.1. */
sca_status sca_plugins_list(char **out_json);

/* ------------------------------------------------------------------------ */
/* Generative UI                                                            */
/* ------------------------------------------------------------------------ */

/** The generative UI of one conversation: renderers (the library's own and
 *  plugins', asked in order), the app's components and tools, and the
 *  callbacks that send the user's actions, open links, report problems and
 *  ask for a new render. Each reply keeps its own data model (form values,
 *  variables) while the host lives. See docs/generative-ui.md.
 *  Opaque; create with sca_ui_host_new(), free with sca_ui_host_free().
 *  Since 0.1. */
typedef struct sca_ui_host sca_ui_host;

/** Sends an action as the user's next message; returns 0 when sent.
 *  action_json: {"message_id", "format", "name", "label", "payload"} (borrowed
 *  for the call); its custom-data form is {"ai_ui_action": action}. A reply's
 *  actions are sent one after another, in order, each once: after a failure,
 *  the rest wait until sca_ui_host_retry_actions() or the reply's next event.
 *  An event raised from inside send is queued behind the one being sent.
 *  [callback: runs on the thread that calls sca_ui_host_event() or
 *  sca_ui_host_retry_actions()] Since 0.1. */
typedef int (*sca_ui_send_fn)(void *ctx, const char *action_json);

/** Opens a link the user tapped; returns 0 when it opened. Only links whose
 *  scheme the host allows (http, https, mailto by default) reach it; url is
 *  borrowed for the call.
 *  [callback: runs on the thread that calls sca_ui_host_open() or
 *  sca_ui_host_event()] Since 0.1. */
typedef int (*sca_ui_open_fn)(void *ctx, const char *url);

/** Gets a problem with a reply's UI (unknown component, bad arguments, a
 *  refused medium, a renderer plugin that failed, a tool the UI ran that
 *  failed), with the reply's id (NULL for the host's own setup). The UI
 *  degrades to what can be shown. Both strings are borrowed for the call.
 *  [callback: runs on the thread of the call that found the problem, or the
 *  thread that completed a tool's result] Since 0.1. */
typedef void (*sca_ui_error_fn)(void *ctx, const char *message_id, const char *problem);

/** Hears that a reply's view changed by itself (a tool's result arrived, a
 *  tool its UI runs started, a timer fired, a renderer plugin's data came
 *  in): call sca_ui_host_render()
 *  for message_id again (message_id is borrowed for the call). Don't render
 *  from inside the callback if your toolkit wants its own thread: post it.
 *  [callback: runs on the thread where the change happened: the thread that
 *  completed a tool's result, a renderer plugin's thread, or a library
 *  thread] Since 0.2. */
typedef void (*sca_ui_render_fn)(void *ctx, const char *message_id);

/** Creates a host. config_json: NULL or {"instructions" (the app's own
 *  instructions, ahead of each format's), "link_schemes" (default ["http",
 *  "https", "mailto"]), "media_schemes" (default ["http", "https"]),
 *  "tool_timeout_ms" (default 30000), "allow_writable_plugins" (default
 *  false), "renderers": [format, ...], "<format>": {options}}.
 *  "renderers" turns the library's built-in renderers on by format, in asking
 *  order, ahead of plugin renderers; without the key every built-in renderer
 *  is on (A2UI first); [] turns them all off. Each format's options go under
 *  its own key, such as "openui": {"library": "standard"}. Unknown settings,
 *  formats and options are errors naming their JSON path.
 *  Ownership: *out receives the host; free it with sca_ui_host_free().
 *  Errors: SCA_E_INVALID_ARGUMENT (out NULL, a bad setting), SCA_E_INVALID_JSON,
 *  SCA_E_LIMIT; *out is then NULL. [any-thread] Since 0.1 ("renderers" and
 *  format options since 0.2). */
sca_status sca_ui_host_new(const char *config_json, sca_ui_host **out);

/** Frees a host; NULL is a no-op. Results of the host's tools not yet
 *  completed become invalid; callbacks are not called after it returns.
 *  [not concurrently with other calls on the host] Since 0.1. */
void sca_ui_host_free(sca_ui_host *host);

/** Adds an app component: {"name", "description", "parameters" (JSON Schema
 *  object, "x-order" for the order), "events": [{"name", "description"}]}.
 *  One named like a format's own is left out of that format and reported.
 *  Errors: SCA_E_INVALID_ARGUMENT (a bad definition, naming its path),
 *  SCA_E_INVALID_JSON, SCA_E_REFUSED (a component of that name exists).
 *  [any-thread] Since 0.1. */
sca_status sca_ui_host_add_component(sca_ui_host *host, const char *definition_json);

/** Adds a tool the UI may run (definition_json and fn as for
 *  sca_runner_add_tool(); the result through sca_result_complete() or
 *  sca_result_fail()). A read-only tool (annotations.readOnlyHint) runs
 *  whenever the UI asks; any other only when the user initiated it. fn and
 *  ctx must stay valid until the host is freed.
 *  Errors: SCA_E_INVALID_ARGUMENT, SCA_E_INVALID_JSON, SCA_E_REFUSED (the host
 *  can already run a tool of that name). [any-thread] Since 0.1. */
sca_status sca_ui_host_add_tool(sca_ui_host *host, const char *definition_json, sca_tool_fn fn, void *ctx);

/** Discovers the plugins in dir and adds their renderers (after the host's
 *  others) and their tools (after the host's own), as
 *  sca_runner_load_plugins() does; *out_report_json (may be NULL) receives the
 *  same report; free it with sca_free().
 *  Errors: SCA_E_NOT_FOUND (dir can't be read), SCA_E_INVALID_ARGUMENT.
 *  [any-thread] Since 0.1 (tools since 0.2). */
sca_status sca_ui_host_load_plugins(sca_ui_host *host, const char *dir, char **out_report_json);

/** Adds an MCP server's tools to the host, after its own, as
 *  sca_runner_add_mcp_server() does for a runner (same config, report and
 *  errors). The UI runs a read-only tool by itself and any other only from
 *  the user's tap. [any-thread, not concurrently with sca_ui_host_free]
 *  Since 0.2. */
sca_status sca_ui_host_add_mcp_server(sca_ui_host *host, const char *config_json, char **out_report_json);

/** Sets the send, open and error callbacks (any may be NULL) and their ctx,
 *  which must stay valid until the host is freed or the callbacks are set
 *  again. Errors: SCA_E_INVALID_ARGUMENT (host NULL or freed).
 *  [any-thread] Since 0.1. */
sca_status sca_ui_host_set_callbacks(sca_ui_host *host, sca_ui_send_fn send, sca_ui_open_fn open,
                                     sca_ui_error_fn error, void *ctx);

/** Sets the render callback (NULL: none) and its ctx, which must stay valid
 *  until the host is freed or the callback is set again.
 *  Errors: SCA_E_INVALID_ARGUMENT (host NULL or freed). [any-thread] Since 0.2. */
sca_status sca_ui_host_set_render_callback(sca_ui_host *host, sca_ui_render_fn fn, void *ctx);

/** Hands the host a reply's custom data as it arrives (oldest first, also for
 *  replies not on screen). *out_json (may be NULL) receives {"ui": true} or
 *  {"ui": false, "reason": "..."}: then the reply shows its text. A
 *  malformed ai_ui field is a reason, never a failure. Called for one reply
 *  from several threads at once, the built-in renderers show the custom data
 *  the host took last. Free *out_json with sca_free(). Errors:
 *  SCA_E_INVALID_ARGUMENT (NULL or not UTF-8), SCA_E_INVALID_JSON,
 *  SCA_E_LIMIT. [any-thread] Since 0.1. */
sca_status sca_ui_host_receive(sca_ui_host *host, const char *message_id, const char *custom_data_json,
                               char **out_json);

/** The reply's UI as {"ir": 1, "message_id", "format", "streaming",
 *  "running_tools", "root"} (see docs/ui-ir.md). running_tools names the
 *  host tools the reply's UI started and still waits for (an OpenUI Query
 *  being fetched), one per run, in the order started (since 0.3): show that
 *  the UI is loading while it is not empty. A reply whose document and state
 *  did not change since its last render gets the same tree. Free *out_ir_json with sca_free().
 *  Errors: SCA_E_NOT_FOUND (the reply shows its text), SCA_E_INVALID_ARGUMENT.
 *  [any-thread] Since 0.1. */
sca_status sca_ui_host_render(sca_ui_host *host, const char *message_id, char **out_ir_json);

/** Adds text to the end of a reply's text document (an OpenUI program, A2UI
 *  lines) while it streams, for a client that gets the document in pieces:
 *  it hands over each piece instead of the custom data so far, and the
 *  OpenUI renderer reads only the piece. The reply's document, with its
 *  format, version and the text so far (may be ""), comes first through
 *  sca_ui_host_receive() with "status": "streaming". streaming is non-zero
 *  while more will follow; 0 ends the document (text may be ""). text is
 *  UTF-8 in whole characters. Errors: SCA_E_NOT_FOUND (no document received
 *  for the reply), SCA_E_INVALID_ARGUMENT (NULL; not UTF-8; the content is
 *  JSON, not text; the document ended already), SCA_E_LIMIT (the document
 *  would pass the size limit, see sca_limit()); nothing changes then.
 *  [any-thread] Since 0.3. */
sca_status sca_ui_host_append(sca_ui_host *host, const char *message_id, const char *text, int streaming);

/** The reply's UI as the ops that turn the tree this function last gave for
 *  it into the new one: {"ir": 1, "message_id", "format", "streaming",
 *  "running_tools", "ops"}, ops as sca_ui_diff() writes them. The first call for a reply (or
 *  the first after it showed its text) gives one "replace" op with the
 *  whole root; nothing changed gives []. A render that changed a few nodes
 *  writes and costs those nodes, not the tree, so a streaming reply costs
 *  what each piece changed. Calls for one reply should come from one
 *  thread at a time, so the ops reach the front end in order. Free
 *  *out_json with sca_free(). Errors: SCA_E_NOT_FOUND (the reply shows its
 *  text), SCA_E_INVALID_ARGUMENT. [any-thread] Since 0.3. */
sca_status sca_ui_host_render_ops(sca_ui_host *host, const char *message_id, char **out_json);

/** Delivers a user's event on a rendered node: {"node_id", "name",
 *  "value"?, "label"?}. An input's new value ("change", "select") goes to the
 *  format's renderer first; otherwise a "change" of a bound input updates the
 *  reply's data model. An app component's event or a format's event becomes
 *  actions, handed to the send callback in order (password values never
 *  included). *out_json (may be NULL) receives {"actions": [...], "unsent",
 *  "state", "tool_runs": [{"tool", "result"}]}: the actions made, how many
 *  still wait, the reply's data model without secrets, and the tools the
 *  event ran with their results. Free *out_json with sca_free().
 *  Errors: SCA_E_NOT_FOUND (no such reply or node; render first),
 *  SCA_E_INVALID_ARGUMENT (an event the node doesn't raise), SCA_E_INVALID_JSON.
 *  [any-thread] Since 0.1. */
sca_status sca_ui_host_event(sca_ui_host *host, const char *message_id, const char *event_json, char **out_json);

/** Sends the reply's actions still waiting after a failed send; *out_json
 *  (may be NULL) as for sca_ui_host_event(); free it with sca_free().
 *  Errors: SCA_E_INVALID_ARGUMENT. [any-thread] Since 0.1. */
sca_status sca_ui_host_retry_actions(sca_ui_host *host, const char *message_id, char **out_json);

/** The reply left the conversation: its data model and the renderers' state
 *  of it are let go. Errors: SCA_E_INVALID_ARGUMENT. [any-thread] Since 0.1. */
sca_status sca_ui_host_forget(sca_ui_host *host, const char *message_id);

/** Runs one of the host's tools for the UI and waits for it (at most the
 *  tool's timeout); user_initiated is non-zero for a tap. arguments_json is a
 *  JSON object, or NULL for {}. *out_result_json receives the result:
 *  {"status": "completed", "output", "summary"} or {"status": "failed",
 *  "error"} (also for a tool the host lacks, invalid arguments, a refusal by
 *  the read-only policy, a timeout); free it with sca_free().
 *  Errors: SCA_E_INVALID_ARGUMENT, SCA_E_INVALID_JSON.
 *  [any-thread, not from inside the tool's own callback] Since 0.1. */
sca_status sca_ui_host_run_tool(sca_ui_host *host, const char *name, const char *arguments_json,
                                int user_initiated, char **out_result_json);

/** Opens a link through the open callback when its scheme is allowed.
 *  Errors: SCA_E_REFUSED (not allowed, or the callback declined), SCA_E_INVALID_ARGUMENT.
 *  [any-thread] Since 0.1. */
sca_status sca_ui_host_open(sca_ui_host *host, const char *url);

/** What the agent's backend needs: {"v": 1, "renderers": [{"format",
 *  "fence", "instructions"}], "components": [...]}. Deterministic. Free
 *  *out_json with sca_free(). Errors: SCA_E_INVALID_ARGUMENT.
 *  [any-thread] Since 0.1. */
sca_status sca_ui_host_capabilities(sca_ui_host *host, char **out_json);

/** The ops that turn one render into the next, matched by node id:
 *  [{"op": "remove", "id"}, {"op": "insert", "parent", "index", "node"},
 *  {"op": "update", "id", "props", "state", "events", "bindings" (since 0.2),
 *  "entrance" (since 0.2)}, {"op": "replace", "node"}]: removals first, then
 *  insertions (index: the node's place under its parent in the new tree) and
 *  updates in document order; a node that moved (to another parent, or among
 *  its siblings) is removed and inserted. Applied one by one to the old tree
 *  they give the new one exactly. Inputs are renders ({"ir", "root"}) or bare
 *  nodes. Free *out_ops_json with sca_free().
 *  Errors: SCA_E_INVALID_ARGUMENT (not a node, or an id that names two
 *  nodes of one tree: the message names the path), SCA_E_INVALID_JSON.
 *  [any-thread] Since 0.1. */
sca_status sca_ui_diff(const char *old_json, const char *new_json, char **out_ops_json);

/** Moves fenced UI blocks out of a reply's text into ai_ui as it streams
 *  (for agent backends). Opaque; create with sca_fence_extractor_new(), free
 *  with sca_fence_extractor_free(). Since 0.1. */
typedef struct sca_fence_extractor sca_fence_extractor;

/** Creates an extractor. config_json: {"fences": {"<info string>":
 *  "<format>"}, "max_custom_data_bytes" (default 51200),
 *  "other_custom_data_bytes" (default 0)}. *out receives the extractor; free
 *  it with sca_fence_extractor_free().
 *  Errors: SCA_E_INVALID_ARGUMENT (out NULL, a bad setting, naming its path),
 *  SCA_E_INVALID_JSON; *out is then NULL. [any-thread] Since 0.1. */
sca_status sca_fence_extractor_new(const char *config_json, sca_fence_extractor **out);

/** Feeds the next chunk of the model's text (fences may be split across
 *  chunks). *out_json (may be NULL) receives {"text", "ai_ui" (null, or the
 *  field with status "streaming" until the fence closes, then "complete"),
 *  "dropped_for_size"}; free it with sca_free().
 *  Errors: SCA_E_INVALID_ARGUMENT (NULL or not UTF-8).
 *  [not concurrently on one extractor] Since 0.1. */
sca_status sca_fence_extractor_feed(sca_fence_extractor *extractor, const char *chunk, char **out_json);

/** Says the reply is done; *out_json (may be NULL) as for
 *  sca_fence_extractor_feed(); free it with sca_free().
 *  Errors: SCA_E_INVALID_ARGUMENT. [not concurrently on one extractor] Since 0.1. */
sca_status sca_fence_extractor_finish(sca_fence_extractor *extractor, char **out_json);

/** Frees an extractor; NULL is a no-op.
 *  [not concurrently with other calls on the extractor] Since 0.1. */
void sca_fence_extractor_free(sca_fence_extractor *extractor);

/* ------------------------------------------------------------------------ */
/* Conversations                                                            */
/* ------------------------------------------------------------------------ */

/** A conversation as one front end shows it to one user on one install: its
 *  messages in the order they first arrived, each with its text, steps, the
 *  approval and sign-in prompts this viewer answers, and its generative UI,
 *  rendered as one UI IR tree with the diff from the last render (see
 *  docs/ui-ir.md, "The conversation tree"). What `streamchatai view` and
 *  `preview` are built on. Opaque; create with sca_conversation_new(), free
 *  with sca_conversation_free(). Since 0.2. */
typedef struct sca_conversation sca_conversation;

/** Creates a conversation.
 *  config_json: {"user_id", "client_id" (who looks: prompts show only to
 *  them), "now_ms" (optional: the clock of "Thinking… 7s" and of sign-in
 *  expiry), "strings" (optional: the steps' string overrides, as
 *  sca_steps_render() takes them), "ui" (optional: the UI host's config, as
 *  sca_ui_host_new() takes it; its built-in renderers render the messages'
 *  generative UI)}. Unknown settings are errors that name their path.
 *  *out receives the conversation; free it with sca_conversation_free().
 *  Errors: SCA_E_INVALID_ARGUMENT, SCA_E_INVALID_JSON.
 *  [any-thread] Since 0.2. */
sca_status sca_conversation_new(const char *config_json, sca_conversation **out);

/** Takes one message update, as it streams: {"id", "text"?, "attachments"?
 *  (the message's steps), "custom"? (its custom data, with "ai_ui"), "user":
 *  {"id"}?, "deleted"?}. Fields left out keep what an earlier update of the
 *  message gave; "deleted": true (or "type": "message.deleted") removes it. A
 *  UI fenced in the text (when custom has no ai_ui) becomes the message's UI
 *  and the text shows without the fence.
 *  Errors: SCA_E_INVALID_ARGUMENT (not an object, no string id, a field of
 *  the wrong type: the message names its path; nothing changes),
 *  SCA_E_INVALID_JSON. [any-thread] Since 0.2. */
sca_status sca_conversation_update(sca_conversation *conversation, const char *message_json);

/** Renders the conversation: *out_ir_json receives {"ir": 1, "root":
 *  {"type": "conversation", "children": [{"type": "message", ...}]}, "ops":
 *  [...]}, "ops" being what turns the last render's tree into this one (as
 *  sca_ui_diff() writes them; from an empty conversation the first time).
 *  Free it with sca_free(). Errors: SCA_E_INVALID_ARGUMENT.
 *  [any-thread] Since 0.2. */
sca_status sca_conversation_render(sca_conversation *conversation, char **out_ir_json);

/** Frees a conversation; NULL is a no-op.
 *  [not concurrently with other calls on the conversation] Since 0.2. */
void sca_conversation_free(sca_conversation *conversation);

/* ------------------------------------------------------------------------ */
/* The agent chat client                                                    */
/* ------------------------------------------------------------------------ */

/** An agent chat client: one sca_chat_client_send() sends the user's
 *  message, streams the reply, runs the client tools the agent asks for,
 *  delivers their results, continues the conversation, and returns when the
 *  agent is done. Speaks the AI SDK UI message stream (Vercel AI SDK,
 *  pydantic-ai and the like) and Chatbase's endpoints, over HTTP(S) through
 *  the system's libcurl. Opaque; create with sca_chat_client_new(), free with
 *  sca_chat_client_free(). Since 0.3. */
typedef struct sca_chat_client sca_chat_client;

/** Gets one event of a send, event_json borrowed for the call: {"type":
 *  "text_delta", "delta"}, {"type": "tool_call", "tool_call_id", "tool_name",
 *  "input", "executor" ("client" or "server")}, {"type": "tool_result",
 *  "tool_call_id", "tool_name", "output"} (also for tools the server ran; an
 *  object with "error" when it failed), {"type": "steps", "attachments"} (the
 *  reply's ai_reasoning and ai_tool_call steps, as sca_parts_decode() reads
 *  them) or {"type": "warning", "message"} (something skipped or retried).
 *  Unknown types may be added: skip them.
 *  [callback: runs on the thread that called sca_chat_client_send() or
 *  sca_chat_client_retry(); the send waits for it] Since 0.3. */
typedef void (*sca_chat_event_fn)(void *ctx, const char *event_json);

/** Decides whether the server may run a tool that asks for approval
 *  (tool-approval-request); returns non-zero to allow. request_json
 *  (borrowed): {"approval_id", "tool_call_id", "tool_name", "input"}.
 *  [callback: runs on the thread that called send or retry] Since 0.3. */
typedef int (*sca_chat_approve_fn)(void *ctx, const char *request_json);

/** Creates a chat client.
 *  config_json: {"transport": "ui-message-stream" (default) or "chatbase",
 *  "url" (ui-message-stream: where each round is POSTed), "base_url"
 *  (chatbase; default https://www.chatbase.co/api/sdk), "agent_id"
 *  (chatbase, required), "identity_token" (chatbase: sent as X-User-Token),
 *  "headers" (an object of extra request headers), "timeout_ms" (default
 *  60000: how long connecting may take and a response may stay silent),
 *  "max_tool_loop_steps" (default 10), "retry_delays_ms" (default [300, 600,
 *  1200]: the waits before each new attempt to deliver a result or
 *  continuation that failed, a 404 "not ready yet" included), "ledger_path"
 *  (optional: a call id is then never run twice, across restarts too; needs
 *  "user_id" and "client_id"), "user_id", "client_id" (who runs the tools:
 *  the steps' target, the ledger's key, chatbase's X-Device-Id),
 *  "tool_timeout_ms" (default 300000; 0: a handler may take as long as it
 *  needs), "allow_writable_plugins" (default false)}. Unknown settings are
 *  errors that name their path.
 *  Errors: SCA_E_INVALID_ARGUMENT, SCA_E_INVALID_JSON, SCA_E_REFUSED (the
 *  ledger is used by another client or runner). [any-thread] Since 0.3. */
sca_status sca_chat_client_new(const char *config_json, sca_chat_client **out);

/** Registers a handler for the tool definition_json describes (an MCP Tool
 *  object, as sca_runner_add_tool() takes); a handler of the same name is
 *  replaced. The handler gets the call and completes its sca_result, now or
 *  later, from any thread; a tool nobody registered is answered {"error":
 *  "No handler registered for tool '<name>'"}, a failed one {"error":
 *  reason}, an output over 20 KB becomes an error result. fn and ctx must
 *  stay valid until the client is freed.
 *  Errors: SCA_E_INVALID_ARGUMENT (a bad definition, naming its path),
 *  SCA_E_INVALID_JSON. [any-thread, not concurrently with sca_chat_client_free]
 *  Since 0.3. */
sca_status sca_chat_client_add_tool(sca_chat_client *client, const char *definition_json, sca_tool_fn fn, void *ctx);

/** Loads a plugins folder's tools as handlers, after the registered ones,
 *  as sca_runner_load_plugins() does; *out_report_json (may be NULL) gets
 *  the report. Errors: SCA_E_NOT_FOUND (dir can't be read),
 *  SCA_E_INVALID_ARGUMENT. [any-thread, not concurrently with
 *  sca_chat_client_free] Since 0.3. */
sca_status sca_chat_client_load_plugins(sca_chat_client *client, const char *dir, char **out_report_json);

/** Adds an MCP server's tools as handlers, as sca_runner_add_mcp_server()
 *  does (same config, report and errors). [any-thread, not concurrently
 *  with sca_chat_client_free] Since 0.3. */
sca_status sca_chat_client_add_mcp_server(sca_chat_client *client, const char *config_json, char **out_report_json);

/** Sets the event callback of later sends (fn NULL: none). ctx must stay
 *  valid while sends run. Errors: SCA_E_INVALID_ARGUMENT.
 *  [any-thread] Since 0.3. */
sca_status sca_chat_client_set_callback(sca_chat_client *client, sca_chat_event_fn fn, void *ctx);

/** Sets the approver of later sends (fn NULL: every approval request is
 *  declined). ctx must stay valid while sends run.
 *  Errors: SCA_E_INVALID_ARGUMENT. [any-thread] Since 0.3. */
sca_status sca_chat_client_set_approver(sca_chat_client *client, sca_chat_approve_fn fn, void *ctx);

/** Sends a user message and blocks until the agent is done: its rounds
 *  streamed, the client tools it asked for run one by one, their results
 *  delivered, the conversation continued.
 *  conversation_id: the conversation to continue, NULL for a new one.
 *  message_json: {"text"} or a UI message ({"id"?, "role": "user", "parts"}).
 *  *out_response_json (may be NULL) receives {"text" (every round's text, a
 *  blank line between parts), "conversation_id", "message_id",
 *  "user_message_id", "user_id", "finish_reason" (default "stop"), "usage":
 *  {"credits"} (default 0), "tool_calls": [{"tool_call_id", "tool_name",
 *  "input", "output", "executor", "state"}], "rounds", "attachments" (the
 *  steps), "warnings", "message" (the assistant UI message)}; free it with
 *  sca_free().
 *  Errors: SCA_E_IO (no connection, an HTTP error (the message has the status
 *  and a body excerpt), a dropped stream, an error the stream reported, a
 *  reply with nothing readable, a result not delivered after every retry),
 *  SCA_E_LIMIT (more rounds of tools than max_tool_loop_steps; the message
 *  names the limit), SCA_E_CANCELLED, SCA_E_INVALID_ARGUMENT (a message of
 *  the wrong shape), SCA_E_INVALID_JSON.
 *  [any-thread; several sends of one client may run at once, one at a time per
 *  conversation] Since 0.3. */
sca_status sca_chat_client_send(sca_chat_client *client, const char *conversation_id, const char *message_json,
                                char **out_response_json);

/** Asks the agent again for reply message_id of a conversation and runs its
 *  tool loop, as sca_chat_client_send() does (same response and errors,
 *  plus SCA_E_NOT_FOUND for a UI-message-stream conversation or message this
 *  client doesn't have). [any-thread] Since 0.3. */
sca_status sca_chat_client_retry(sca_chat_client *client, const char *conversation_id, const char *message_id,
                                 char **out_response_json);

/** Cancels the sends under way: each returns SCA_E_CANCELLED soon after
 *  (the stream is closed, a handler still running is told, a wait between
 *  retries ends). Errors: SCA_E_INVALID_ARGUMENT. [any-thread] Since 0.3. */
sca_status sca_chat_client_cancel(sca_chat_client *client);

/** Frees a client; NULL is a no-op. Results of its handlers not yet
 *  completed become invalid. [not concurrently with other calls on the
 *  same client] Since 0.3. */
void sca_chat_client_free(sca_chat_client *client);

#ifdef __cplusplus
}
#endif

#endif /* STREAMCHATAI_H */
