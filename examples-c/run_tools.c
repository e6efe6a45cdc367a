/*
 * run_tools — runs client tools written in C for the calls a reply addresses
 * to this user and install, and shows the backend guards.
 *
 *   run_tools
 *
 * A runner for user u_123 on install linux-7f3a gets three tools (one of them
 * answers later), then a reply whose calls are addressed to several users and
 * installs. The send callback refuses the first delivery of one result, so
 * the next update of the reply offers it again without running the tool.
 * Prints what happens; `make test` compares it with expected/run_tools.txt.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "streamchatai.h"

static int runs_location, runs_add, sends;
static sca_result *pending_lookup;

static void check(sca_status status, const char *what) {
    if (status != SCA_OK) {
        fprintf(stderr, "run_tools: %s: %s: %s\n", what, sca_status_name(status), sca_last_error());
        exit(1);
    }
}

static void get_location(void *ctx, const char *call_json, sca_result *result) {
    (void)ctx;
    (void)call_json;
    runs_location++;
    check(sca_result_complete(result, "{\"city\": \"Amsterdam\"}", "Shared approximate location"), "complete");
}

static void add_numbers(void *ctx, const char *call_json, sca_result *result) {
    int *base = ctx;
    json_t *call = json_loads(call_json, 0, NULL);
    json_t *args = json_object_get(call, "arguments");
    long long sum = *base + json_integer_value(json_object_get(args, "a")) + json_integer_value(json_object_get(args, "b"));
    char output[64];
    snprintf(output, sizeof output, "{\"sum\": %lld}", sum);
    runs_add++;
    check(sca_result_complete(result, output, "Added"), "complete");
    json_decref(call);
}

/* Answers later: keeps the result and completes it after sca_runner_run returns. */
static void slow_lookup(void *ctx, const char *call_json, sca_result *result) {
    (void)ctx;
    (void)call_json;
    pending_lookup = result;
}

static int send_result(void *ctx, const char *call_json, const char *result_json) {
    const char *refuse_first = ctx;
    json_t *call = json_loads(call_json, 0, NULL);
    const char *id = json_string_value(json_object_get(call, "id"));
    int refuse = strcmp(id, refuse_first) == 0 && sends++ == 0;
    printf("  send %s%s: %s\n", id, refuse ? " (backend unreachable)" : "", result_json);
    json_decref(call);
    return refuse;
}

static void print_owned(const char *label, char *json) {
    printf("%s %s\n", label, json);
    sca_free(json);
}

static const char *reply =
    "["
    "{\"type\": \"ai_reasoning\", \"id\": \"r1\"},"
    "{\"type\": \"ai_tool_call\", \"id\": \"c_location\", \"name\": \"get_location\", \"status\": \"awaiting_client\","
    " \"executor\": \"client\", \"target_user_id\": \"u_123\", \"target_client_id\": \"linux-7f3a\"},"
    "{\"type\": \"ai_tool_call\", \"id\": \"c_add\", \"name\": \"add_numbers\", \"status\": \"awaiting_client\","
    " \"executor\": \"client\", \"target_user_id\": \"u_123\", \"target_client_id\": \"linux-7f3a\", \"arguments\": {\"a\": 2, \"b\": 3}},"
    "{\"type\": \"ai_tool_call\", \"id\": \"c_bad_args\", \"name\": \"add_numbers\", \"status\": \"awaiting_client\","
    " \"executor\": \"client\", \"target_user_id\": \"u_123\", \"target_client_id\": \"linux-7f3a\", \"arguments\": {\"a\": \"two\"}},"
    "{\"type\": \"ai_tool_call\", \"id\": \"c_unknown\", \"name\": \"teleport\", \"status\": \"awaiting_client\","
    " \"executor\": \"client\", \"target_user_id\": \"u_123\", \"target_client_id\": \"linux-7f3a\"},"
    "{\"type\": \"ai_tool_call\", \"id\": \"c_slow\", \"name\": \"slow_lookup\", \"status\": \"awaiting_client\","
    " \"executor\": \"client\", \"target_user_id\": \"u_123\", \"target_client_id\": \"linux-7f3a\"},"
    "{\"type\": \"ai_tool_call\", \"id\": \"c_other_user\", \"name\": \"get_location\", \"status\": \"awaiting_client\","
    " \"executor\": \"client\", \"target_user_id\": \"u_999\", \"target_client_id\": \"linux-7f3a\"},"
    "{\"type\": \"ai_tool_call\", \"id\": \"c_other_install\", \"name\": \"get_location\", \"status\": \"awaiting_client\","
    " \"executor\": \"client\", \"target_user_id\": \"u_123\", \"target_client_id\": \"linux-0000\"},"
    "{\"type\": \"ai_tool_call\", \"id\": \"c_server\", \"name\": \"get_location\", \"status\": \"awaiting_client\","
    " \"executor\": \"server\", \"target_user_id\": \"u_123\", \"target_client_id\": \"linux-7f3a\"},"
    "{\"type\": \"ai_tool_call\", \"name\": \"get_location\", \"status\": \"awaiting_client\","
    " \"executor\": \"client\", \"target_user_id\": \"u_123\", \"target_client_id\": \"linux-7f3a\"}"
    "]";

int main(void) {
    sca_runner *runner = NULL;
    char *json = NULL;
    int base = 0;

    check(sca_runner_new("{\"user_id\": \"u_123\", \"client_id\": \"linux-7f3a\", \"max_attempts\": 2}", &runner), "runner");
    check(sca_runner_add_tool(runner,
        "{\"name\": \"get_location\", \"description\": \"The user's city\", \"inputSchema\": {\"type\": \"object\"},"
        " \"annotations\": {\"readOnlyHint\": true}}", get_location, NULL), "add get_location");
    check(sca_runner_add_tool(runner,
        "{\"name\": \"add_numbers\", \"instructions\": \"Add two integers\", \"inputSchema\": {\"type\": \"object\","
        " \"properties\": {\"a\": {\"type\": \"integer\"}, \"b\": {\"type\": \"integer\"}}, \"required\": [\"a\", \"b\"]}}",
        add_numbers, &base), "add add_numbers");
    check(sca_runner_add_tool(runner,
        "{\"name\": \"slow_lookup\", \"description\": \"Answers later\", \"inputSchema\": {\"type\": \"object\"}}",
        slow_lookup, NULL), "add slow_lookup");
    printf("duplicate tool: %s\n", sca_status_name(sca_runner_add_tool(runner,
        "{\"name\": \"get_location\", \"description\": \"again\", \"inputSchema\": {\"type\": \"object\"}}", get_location, NULL)));

    check(sca_runner_registrations(runner, &json), "registrations");
    print_owned("registrations:", json);

    printf("update 1:\n");
    check(sca_runner_run(runner, reply, send_result, (void *)"c_location"), "run 1");
    printf("slow tool completes later:\n");
    check(sca_result_complete(pending_lookup, "{\"found\": true}", NULL), "complete later");
    sca_status again = sca_result_complete(pending_lookup, NULL, NULL);
    printf("completing it again: %s (%s)\n", sca_status_name(again), sca_last_error());
    printf("update 2:\n");
    check(sca_runner_run(runner, reply, send_result, (void *)"c_location"), "run 2");
    printf("update 3:\n");
    check(sca_runner_run(runner, reply, send_result, (void *)"c_location"), "run 3");
    printf("tool runs: get_location %d, add_numbers %d\n", runs_location, runs_add);
    check(sca_runner_ledger(runner, &json), "ledger");
    print_owned("ledger:", json);
    sca_runner_free(runner);

    printf("backend guards:\n");
    const char *step = "{\"type\": \"ai_tool_call\", \"id\": \"c9\", \"status\": \"awaiting_approval\", \"executor\": \"client\","
                       " \"target_user_id\": \"u_123\", \"target_client_id\": \"linux-7f3a\", \"approval\": {\"title\": \"Share?\"}}";
    sca_status status = sca_call_transition(step, "{\"type\": \"approval\", \"allowed\": true, \"user_id\": \"u_999\"}", &json);
    printf("  approval from another user: %s: %s\n", sca_status_name(status), sca_last_error());
    check(sca_call_transition(step, "{\"type\": \"approval\", \"allowed\": true, \"user_id\": \"u_123\", \"client_id\": \"linux-7f3a\"}", &json), "transition");
    print_owned("  allowed:", json);
    check(sca_call_prompts(step, "{\"user_id\": \"u_123\", \"client_id\": \"linux-7f3a\"}", &json), "prompts");
    print_owned("  prompts:", json);
    check(sca_register_tools_check("{\"channel_id\": \" c1 \", \"tools\": [{\"name\": \"a\", \"description\": \"b\"}, {\"name\": 1}]}", &json), "register");
    print_owned("  register-tools:", json);

    printf("%s\n", sca_runner_run(NULL, "[]", send_result, NULL) == SCA_E_INVALID_ARGUMENT ? "NULL runner refused" : "NULL runner accepted?");
    return 0;
}
