/*
 * weather — a read-only tool plugin in C: deterministic, made-up weather for
 * any city, so demos and tests give the same answer every time.
 */
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "streamchatai_plugin.h"

static const sca_host_services *host;
static int init_count;

static int32_t weather_init(const sca_host_services *services) {
    if (init_count++ == 0) host = services;
    return 0;
}

static void weather_shutdown(void) {
    if (init_count > 0 && --init_count == 0) host = NULL;
}

static int32_t weather_has_tool(const char *name) {
    return strcmp(name, "get_weather") == 0;
}

/* FNV-1a, so a city always gets the same weather. */
static unsigned hash(const char *s) {
    unsigned h = 2166136261u;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

static int32_t weather_call_tool(const char *name, const char *arguments_json, sca_plugin_call *call) {
    static const char *conditions[] = {"sunny", "cloudy", "rainy", "windy", "foggy"};
    if (!weather_has_tool(name)) return 1;
    json_t *args = json_loads(arguments_json, 0, NULL);
    const char *city = json_string_value(json_object_get(args, "city"));
    json_int_t days = json_is_integer(json_object_get(args, "days")) ? json_integer_value(json_object_get(args, "days")) : 1;
    unsigned h = hash(city ? city : "");
    int temperature = (int)(h % 30) - 2;
    const char *condition = conditions[(h >> 8) % 5];
    json_t *forecast = json_array();
    for (json_int_t d = 0; d < days; d++) {
        unsigned hd = h + (unsigned)d * 7919u;
        json_array_append_new(forecast, json_pack("{s:I,s:i,s:s}", "day", d + 1, "temperature_c", (int)(hd % 30) - 2,
                                                  "condition", conditions[(hd >> 8) % 5]));
    }
    json_t *output = json_pack("{s:s,s:i,s:s,s:o}", "city", city ? city : "", "temperature_c", temperature,
                               "condition", condition, "forecast", forecast);
    char summary[128];
    snprintf(summary, sizeof summary, "%c%s, %d °C in %s", condition[0] - 32, condition + 1, temperature, city ? city : "?");
    json_t *result = json_pack("{s:s,s:o,s:s}", "status", "completed", "output", output, "summary", summary);
    char *text = json_dumps(result, JSON_COMPACT);
    if (host) {
        char line[160];
        snprintf(line, sizeof line, "looked up the weather for %s", city ? city : "?");
        host->log(host, SCA_PLUGIN_LOG_INFO, line);
        host->complete(call, text);
    }
    free(text);
    json_decref(result);
    json_decref(args);
    return 0;
}

static const sca_plugin plugin = {
    sizeof(sca_plugin), SCA_PLUGIN_ABI_MAJOR, SCA_PLUGIN_ABI_MINOR, "weather",
    weather_init, weather_shutdown, weather_has_tool, weather_call_tool, NULL,
};

SCA_PLUGIN_EXPORT const sca_plugin *sca_plugin_entry_v1(void) { return &plugin; }
