// unitconv — a tool plugin written in C++ (standard library plus jansson for
// JSON), proving that any language with a C ABI can supply tools. Exceptions
// never cross the boundary: every entry point catches them.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <stdexcept>
#include <string>

#include <jansson.h>

#include "streamchatai_plugin.h"

namespace {

const sca_host_services *host = nullptr;
int init_count = 0;

const std::map<std::string, double> &metres_per_unit() {
    static const std::map<std::string, double> table = {
        {"mm", 0.001}, {"cm", 0.01}, {"m", 1.0}, {"km", 1000.0},
        {"in", 0.0254}, {"ft", 0.3048}, {"yd", 0.9144}, {"mi", 1609.344},
    };
    return table;
}

double factor(const std::string &unit) {
    auto found = metres_per_unit().find(unit);
    if (found == metres_per_unit().end()) throw std::invalid_argument("unknown unit \"" + unit + "\"");
    return found->second;
}

std::string convert(const char *arguments_json) {
    json_t *args = json_loads(arguments_json, 0, nullptr);
    if (!args) throw std::invalid_argument("arguments are not JSON");
    double value = json_number_value(json_object_get(args, "value"));
    std::string from = json_string_value(json_object_get(args, "from"));
    std::string to = json_string_value(json_object_get(args, "to"));
    json_decref(args);
    double result = value * factor(from) / factor(to);
    result = std::round(result * 1e6) / 1e6;
    char summary[160];
    std::snprintf(summary, sizeof summary, "%g %s = %g %s", value, from.c_str(), result, to.c_str());
    json_t *out = json_pack("{s:s,s:{s:f,s:s},s:s}", "status", "completed", "output", "value", result, "unit", to.c_str(),
                            "summary", summary);
    char *text = json_dumps(out, JSON_COMPACT);
    json_decref(out);
    std::string copy(text);
    std::free(text);
    return copy;
}

std::string failure(const std::string &why) {
    json_t *out = json_pack("{s:s,s:s}", "status", "failed", "error", why.c_str());
    char *text = json_dumps(out, JSON_COMPACT);
    json_decref(out);
    std::string copy(text);
    std::free(text);
    return copy;
}

extern "C" int32_t unitconv_init(const sca_host_services *services) {
    if (init_count++ == 0) host = services;
    return 0;
}

extern "C" void unitconv_shutdown(void) {
    if (init_count > 0 && --init_count == 0) host = nullptr;
}

extern "C" int32_t unitconv_has_tool(const char *name) {
    return std::strcmp(name, "convert_length") == 0 ? 1 : 0;
}

extern "C" int32_t unitconv_call_tool(const char *name, const char *arguments_json, sca_plugin_call *call) {
    if (!unitconv_has_tool(name) || !host) return 1;
    std::string result;
    try {
        result = convert(arguments_json);
    } catch (const std::exception &e) {
        result = failure(e.what());
    } catch (...) {
        result = failure("the conversion failed");
    }
    host->complete(call, result.c_str());
    return 0;
}

const sca_plugin plugin = {
    sizeof(sca_plugin), SCA_PLUGIN_ABI_MAJOR, SCA_PLUGIN_ABI_MINOR, "unitconv",
    unitconv_init, unitconv_shutdown, unitconv_has_tool, unitconv_call_tool, nullptr,
};

}  // namespace

extern "C" SCA_PLUGIN_EXPORT const sca_plugin *sca_plugin_entry_v1(void) { return &plugin; }
