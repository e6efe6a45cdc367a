/*
 * streamchatai.h — the host API of libstreamchatai.
 *
 * streamchatai decodes and presents the steps of an AI agent's reply
 * (reasoning, tool calls), and grows into running client tools and rendering
 * generative UI. This header is the contract; the library implements it in
 * Swift and exports nothing but the sca_ names declared here.
 *
 * Conventions, as in sqlite3.h and jansson.h:
 *
 *  - Data crosses the boundary as UTF-8 JSON text.
 *  - Ownership: every string the library returns through an out-pointer is
 *    owned by the caller and freed with sca_free(). Every input is borrowed for
 *    the duration of the call only. Strings returned as `const char *` (the
 *    version, the last error) are owned by the library and never freed.
 *  - Errors: every fallible call returns an sca_status; SCA_OK (0) means
 *    success. On failure out-pointers are set to NULL (never a partial
 *    result) and sca_last_error() says what was wrong and where (a JSON path
 *    such as $[2].type, or a byte offset).
 *  - Bad input (NULL, invalid UTF-8, invalid JSON, wrong types, oversized or
 *    too deeply nested documents) gives an error code, never a crash.
 *  - Thread tags on each declaration: [any-thread] may be called from any
 *    thread, also concurrently; the library holds no global lock on the way.
 *  - The library installs no signal handlers, starts no threads for these
 *    calls, and needs no main loop.
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
/* Versions                                                                  */
/* ------------------------------------------------------------------------ */

/** The ABI version this header describes. Additions keep it; a removal or an
 *  incompatible change raises it. Compare with sca_abi_version() at run time.
 *  Since ABI 1. */
#define SCA_ABI_VERSION 1

/** The library version this header ships with, "MAJOR.MINOR.PATCH".
 *  Since ABI 1. */
#define SCA_VERSION_STRING "0.1.0"

/** The ABI version of the loaded library (SCA_ABI_VERSION when it was built).
 *  [any-thread] Since ABI 1. */
int sca_abi_version(void);

/** The version string of the loaded library, such as "0.1.0". Owned by the
 *  library, valid for the life of the process; never free it.
 *  [any-thread] Since ABI 1. */
const char *sca_version(void);

/* ------------------------------------------------------------------------ */
/* Status codes and errors                                                   */
/* ------------------------------------------------------------------------ */

/** The result of a fallible call: SCA_OK or one of the SCA_E_ codes.
 *  Since ABI 1. */
typedef int sca_status;

/** Success. Since ABI 1. */
#define SCA_OK 0
/** An argument is NULL, of the wrong JSON type or shape, or not valid UTF-8.
 *  Since ABI 1. */
#define SCA_E_INVALID_ARGUMENT 1
/** A text that should be JSON is not. Since ABI 1. */
#define SCA_E_INVALID_JSON 2
/** An input is over a limit (size, nesting depth; see sca_limit()).
 *  Since ABI 1. */
#define SCA_E_LIMIT 3
/** Something named by the call does not exist. Since ABI 1. */
#define SCA_E_NOT_FOUND 4
/** A rule refused the request; sca_last_error() names the rule.
 *  Since ABI 1. */
#define SCA_E_REFUSED 5
/** A plugin misbehaved or could not be loaded. Since ABI 1. */
#define SCA_E_PLUGIN 6
/** A bug in the library; please report it with sca_last_error().
 *  Since ABI 1. */
#define SCA_E_INTERNAL 7

/** A short constant name for a status code ("SCA_OK", "SCA_E_INVALID_JSON",
 *  ...; "SCA_E_UNKNOWN" for others). Owned by the library; never free it.
 *  [any-thread] Since ABI 1. */
const char *sca_status_name(sca_status status);

/** The message of the last failure on the calling thread: what was wrong and
 *  where (JSON path, byte offset). Every fallible call clears it first, so it
 *  is "" after a success. Owned by the library, valid until the next call
 *  into the library on the same thread; never free it. Never NULL.
 *  [any-thread] (each thread has its own) Since ABI 1. */
const char *sca_last_error(void);

/** Frees a string or buffer the library returned. NULL is a no-op.
 *  [any-thread] Since ABI 1. */
void sca_free(void *p);

/* ------------------------------------------------------------------------ */
/* Limits                                                                    */
/* ------------------------------------------------------------------------ */

/** The largest JSON input accepted, in bytes. Default 64 MiB. Since ABI 1. */
#define SCA_LIMIT_INPUT_BYTES 0
/** The deepest nesting of arrays and objects accepted. Default 512; at most
 *  10000. Since ABI 1. */
#define SCA_LIMIT_JSON_DEPTH 1

/** Reads and optionally changes a process-wide limit, as sqlite3_limit()
 *  does: returns the value before the call; a negative new_value changes
 *  nothing. Values above a limit's maximum are lowered to it. Returns -1 for
 *  an unknown limit_id.
 *  [any-thread] Since ABI 1. */
int64_t sca_limit(int limit_id, int64_t new_value);

/* ------------------------------------------------------------------------ */
/* Steps: decoding                                                           */
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
 *  [any-thread] Since ABI 1. */
sca_status sca_parts_decode(const char *attachments_json, char **out_json);

/* ------------------------------------------------------------------------ */
/* Steps: presentation                                                       */
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
 *  [any-thread] Since ABI 1. */
sca_status sca_steps_render(const char *parts_or_attachments_json, const char *options_json,
                            char **out_json);

#ifdef __cplusplus
}
#endif

#endif /* STREAMCHATAI_H */
