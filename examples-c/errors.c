/*
 * errors — exercises the error contract of the C API from C: every bad input
 * gets a status code and a message that says what and where, out-pointers are
 * NULL on failure, and nothing crashes or leaks (run under valgrind too).
 *
 * Prints one line per check and "N passed, M failed" at the end.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "streamchatai.h"

static int passed, failed;

static void never_called_tool(void *ctx, const char *call_json, sca_result *result) {
    (void)ctx;
    (void)call_json;
    sca_result_fail(result, "not reached");
}

static int never_called_send(void *ctx, const char *call_json, const char *result_json) {
    (void)ctx;
    (void)call_json;
    (void)result_json;
    return 0;
}

static void check(int ok, const char *rule) {
    printf("%s %s\n", ok ? "ok  " : "FAIL", rule);
    if (ok) passed++; else failed++;
}

/* Calls sca_parts_decode and checks the status and that the message contains `needle`. */
static void expect_decode(const char *input, sca_status want, const char *needle, const char *rule) {
    char *out = (char *)"sentinel";
    sca_status got = sca_parts_decode(input, &out);
    int ok = got == want && (want == SCA_OK ? out != NULL : out == NULL)
          && (needle == NULL || strstr(sca_last_error(), needle) != NULL);
    if (!ok) printf("     got %s, out %s, message \"%s\"\n", sca_status_name(got), out ? "set" : "NULL", sca_last_error());
    check(ok, rule);
    if (got == SCA_OK) sca_free(out);
}

int main(void) {
    char *out = NULL;

    check(sca_abi_version() == SCA_ABI_VERSION, "abi version matches the header");
    check(strcmp(sca_version(), SCA_VERSION_STRING) == 0, "version string matches the header");
    check(strcmp(sca_status_name(SCA_E_INVALID_JSON), "SCA_E_INVALID_JSON") == 0, "status names");
    check(strcmp(sca_status_name(999), "SCA_E_UNKNOWN") == 0, "unknown status name");

    expect_decode(NULL, SCA_E_INVALID_ARGUMENT, "attachments_json is NULL", "NULL input is an invalid argument");
    check(sca_parts_decode("[]", NULL) == SCA_E_INVALID_ARGUMENT && strstr(sca_last_error(), "out_json"),
          "NULL out pointer is an invalid argument");
    expect_decode("[{\"type\": \"ai_reasoning\",}]", SCA_E_INVALID_JSON, "byte 25", "invalid JSON names the byte offset");
    expect_decode("[{\"type\": \"ai_reasoning\", \"id\": tru}]", SCA_E_INVALID_JSON, "$[0].id", "invalid JSON names the JSON path");
    expect_decode("[\"\xff\"]", SCA_E_INVALID_JSON, "invalid UTF-8", "invalid UTF-8 is refused");
    expect_decode("{\"type\": \"ai_reasoning\"}", SCA_E_INVALID_ARGUMENT, "expected a JSON array", "an object instead of an array is refused");
    expect_decode("", SCA_E_INVALID_JSON, "empty input", "empty input is refused");

    {
        char deep[2000];
        memset(deep, '[', 600);
        memset(deep + 600, ']', 600);
        deep[1200] = 0;
        expect_decode(deep, SCA_E_LIMIT, "nesting deeper than the limit of 512", "nesting over 512 levels is refused");
    }
    {
        int64_t old = sca_limit(SCA_LIMIT_INPUT_BYTES, 16);
        check(old == 64 << 20, "default input limit is 64 MiB");
        expect_decode("[{\"type\": \"ai_reasoning\"}]", SCA_E_LIMIT, "over the limit of 16 bytes", "input over the size limit is refused");
        check(sca_limit(SCA_LIMIT_INPUT_BYTES, old) == 16, "sca_limit returns the previous value");
        check(sca_limit(SCA_LIMIT_INPUT_BYTES, -1) == old, "a negative value only reads the limit");
        check(sca_limit(42, 1) == -1, "an unknown limit id gives -1");
    }

    expect_decode("[{\"type\": \"ai_reasoning\", \"id\": \"r1\"}, {\"type\": \"image\"}]", SCA_OK, NULL, "valid input decodes");
    check(strcmp(sca_last_error(), "") == 0, "a success clears the last error");

    check(sca_steps_render("[]", "{\"now\": 1}", &out) == SCA_E_INVALID_ARGUMENT && out == NULL
          && strstr(sca_last_error(), "$.now: unknown option"), "unknown render option is named with its path");
    check(sca_steps_render("[]", "{\"strings\": {\"nope\": \"x\"}}", &out) == SCA_E_INVALID_ARGUMENT
          && strstr(sca_last_error(), "$.strings.nope"), "unknown string key is named with its path");
    check(sca_steps_render("[]", "[1", &out) == SCA_E_INVALID_JSON && strstr(sca_last_error(), "options_json"),
          "invalid options JSON names the argument");
    check(sca_steps_render("[1", "[1", &out) == SCA_E_INVALID_JSON && out == NULL
          && strstr(sca_last_error(), "parts_or_attachments_json"), "with both arguments bad, the parts' error comes first");
    check(sca_steps_render("{}", NULL, &out) == SCA_E_INVALID_ARGUMENT && out == NULL
          && strstr(sca_last_error(), "expected a JSON array"), "parts that are not an array are refused by their type");
    check(sca_steps_render("[{\"type\": \"ai_reasoning\", \"preview\": \"a\"}, tru]", NULL, &out) == SCA_E_INVALID_JSON
          && out == NULL && strstr(sca_last_error(), "$[1]"), "a syntax error after a rendered part writes nothing and names the element");
    check(sca_steps_render("[{\"type\": \"ai_tool_call\", \"id\": \"c\", \"status\": \"completed\"}]",
                           "{\"strings\": {\"tool.status.completed\": \"Fertig\"}}", &out) == SCA_OK
          && strstr(out, "\"status_label\":\"Fertig\"") != NULL, "strings replace the defaults");
    sca_free(out);
    out = NULL;

    {
        sca_runner *runner = (sca_runner *)1;
        check(sca_runner_new(NULL, &runner) == SCA_E_INVALID_ARGUMENT && runner == NULL, "runner config NULL is refused");
        check(sca_runner_new("{\"user_id\": \"u\", \"client_id\": \"c\", \"max_attempts\": 0}", &runner) == SCA_E_INVALID_ARGUMENT
              && strstr(sca_last_error(), "$.max_attempts"), "max_attempts below 1 is refused");
        check(sca_runner_new("{\"user_id\": \"u\", \"client_id\": \"c\", \"retry\": 1}", &runner) == SCA_E_INVALID_ARGUMENT
              && strstr(sca_last_error(), "$.retry: unknown setting"), "unknown runner setting is refused");
        check(sca_runner_new("{\"user_id\": \"u\", \"client_id\": \"c\"}", &runner) == SCA_OK, "runner created");
        check(sca_runner_add_tool(runner, "{\"name\": \"t\"}", NULL, NULL) == SCA_E_INVALID_ARGUMENT, "a tool without a function is refused");
        check(sca_runner_add_tool(runner, "{\"name\": \"t\", \"inputSchema\": {\"type\": \"array\"}}", never_called_tool, NULL)
              == SCA_E_INVALID_ARGUMENT && strstr(sca_last_error(), "$.inputSchema.type"), "a non-object input schema is refused");
        check(sca_runner_run(runner, "[", never_called_send, NULL) == SCA_E_INVALID_JSON, "run with invalid JSON is refused");
        check(sca_runner_run(runner, "[]", NULL, NULL) == SCA_E_INVALID_ARGUMENT, "run without a send function is refused");
        sca_runner_free(runner);
        sca_runner_free(NULL);
        check(sca_result_complete(NULL, "{}", NULL) == SCA_E_INVALID_ARGUMENT, "completing a NULL result is refused");
        check(sca_result_fail((sca_result *)12345, "x") == SCA_E_INVALID_ARGUMENT, "completing an unknown result is refused");
    }
    check(sca_call_transition("{\"status\": \"awaiting_client\"}", "{\"type\": \"vote\"}", &out) == SCA_E_INVALID_ARGUMENT
          && out == NULL && strstr(sca_last_error(), "$.type"), "an unknown event type is refused");
    check(sca_schema_validate("{\"type\": \"nope\"}", "1", &out) == SCA_E_INVALID_ARGUMENT
          && strstr(sca_last_error(), "#/type"), "an unusable schema is refused with where");
    check(sca_schema_validate("{\"maximum\": 3}", "4", &out) == SCA_OK && strstr(out, "\"keyword\":\"maximum\""),
          "schema violations are listed");
    sca_free(out);
    check(sca_call_prompts("{}", "{\"user_id\": \"u\"}", &out) == SCA_E_INVALID_ARGUMENT && strstr(sca_last_error(), "$.client_id"),
          "a viewer without client_id is refused");
    check(sca_install_id("/proc/no/such/place", &out) == SCA_E_INVALID_ARGUMENT && out == NULL, "an unusable id folder is refused");

    {
        sca_ui_host *host = NULL;
        check(sca_ui_host_new("{\"link_schemes\": \"https\"}", &host) == SCA_E_INVALID_ARGUMENT && host == NULL
              && strstr(sca_last_error(), "$.link_schemes"), "a bad UI host setting is refused with its path");
        check(sca_ui_host_new(NULL, &host) == SCA_OK, "a UI host with defaults");
        check(sca_ui_host_receive(host, "m", "{\"ai_ui\": 5}", &out) == SCA_OK && strstr(out, "\"ui\":false"),
              "a malformed ai_ui field is a reason, not a failure");
        sca_free(out);
        check(sca_ui_host_receive(host, "m", "{\"ai_ui\": ", NULL) == SCA_E_INVALID_JSON, "invalid custom data JSON is refused");
        check(sca_ui_host_render(host, "m", &out) == SCA_E_NOT_FOUND && out == NULL, "a reply without UI shows its text");
        check(sca_ui_host_event(host, "m", "{\"name\": \"tap\"}", NULL) == SCA_E_INVALID_ARGUMENT
              && strstr(sca_last_error(), "$.node_id"), "an event without a node is refused");
        check(sca_ui_host_add_component(host, "{\"name\": \"x\", \"parameters\": []}") == SCA_E_INVALID_ARGUMENT,
              "a component with bad parameters is refused");
        check(sca_ui_host_open(host, "javascript:alert(1)") == SCA_E_REFUSED, "a javascript link is refused");
        check(sca_ui_host_open(NULL, "https://example.com") == SCA_E_INVALID_ARGUMENT, "a NULL UI host is refused");
        check(sca_ui_diff("{\"id\": \"a\"}", "{\"id\": \"a\", \"type\": \"x\"}", &out) == SCA_E_INVALID_ARGUMENT
              && strstr(sca_last_error(), "old_json: $.type"), "a node without a type is refused in a diff");
        check(sca_ui_diff("{\"id\": \"a\", \"type\": \"x\", \"children\": [{\"id\": \"a\", \"type\": \"y\"}]}",
                          "{\"id\": \"a\", \"type\": \"x\"}", &out) == SCA_E_INVALID_ARGUMENT
              && strstr(sca_last_error(), "old_json: $.children[0].id: the id \"a\" names two nodes"),
              "a tree that names two nodes with one id is refused in a diff");
        check(sca_ui_host_append(host, "none", "x", 1) == SCA_E_NOT_FOUND && strstr(sca_last_error(), "receive its custom data first"),
              "an append to a reply never received is refused");
        check(sca_ui_host_append(host, "m", NULL, 1) == SCA_E_INVALID_ARGUMENT && strstr(sca_last_error(), "text is NULL"),
              "a NULL piece is refused");
        check(sca_ui_host_receive(host, "s", "{\"ai_ui\": {\"v\": 1, \"format\": \"openui\", \"status\": \"streaming\","
                                             " \"content\": \"root = Card([TextContent(\\\"Hi\"}}", NULL) == SCA_OK, "a streaming reply");
        check(sca_ui_host_append(host, "s", "\xC3\x28", 1) == SCA_E_INVALID_ARGUMENT && strstr(sca_last_error(), "not valid UTF-8"),
              "a piece that is not UTF-8 is refused");
        check(sca_ui_host_append(host, "s", " there\")])\n", 0) == SCA_OK, "a last piece ends the document");
        check(sca_ui_host_append(host, "s", "x = 1\n", 1) == SCA_E_INVALID_ARGUMENT && strstr(sca_last_error(), "ended"),
              "a piece after the end is refused");
        check(sca_ui_host_render_ops(host, "s", &out) == SCA_OK && strstr(out, "\"op\":\"replace\"") && strstr(out, "Hi there"),
              "the first render as ops replaces the root with the whole tree");
        sca_free(out);
        check(sca_ui_host_render_ops(host, "s", &out) == SCA_OK && strstr(out, "\"ops\":[]"), "a render with nothing changed has no ops");
        sca_free(out);
        check(sca_ui_host_render_ops(host, "m", &out) == SCA_E_NOT_FOUND && out == NULL, "a reply without UI has no ops either");
        check(sca_ui_host_render_ops(host, "s", NULL) == SCA_E_INVALID_ARGUMENT, "render ops need somewhere to write");
        sca_ui_host_free(host);
        sca_ui_host_free(NULL);
    }
    {
        sca_fence_extractor *extractor = NULL;
        check(sca_fence_extractor_new("{\"fences\": {}}", &extractor) == SCA_E_INVALID_ARGUMENT && extractor == NULL,
              "an extractor without fences is refused");
        check(sca_fence_extractor_new("{\"fences\": {\"a2ui\": \"a2ui\"}}", &extractor) == SCA_OK, "an extractor");
        check(sca_fence_extractor_feed(extractor, "\xff\xfe", NULL) == SCA_E_INVALID_ARGUMENT, "an invalid UTF-8 chunk is refused");
        check(sca_fence_extractor_feed(extractor, "hi\n", &out) == SCA_OK && strstr(out, "\"text\":\"hi\\n\""), "text passes through");
        sca_free(out);
        sca_fence_extractor_free(extractor);
        sca_fence_extractor_free(NULL);
    }
    sca_free(NULL);
    check(1, "sca_free(NULL) is a no-op");

    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
