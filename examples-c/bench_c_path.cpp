/*
 * bench_c_path — what a C (or C++) program pays, measured through the C ABI
 * against baselines in the same run (contenders alternate rounds, so a noisy
 * machine slows them alike). Prints ratios; asserts nothing.
 *
 *   bench_c_path CORPUS_DIR PLUGINS_DIR [--quick]
 *
 *   1. sca_parts_decode (JSON in, JSON out, freed) vs jansson's bare
 *      json_loads + json_decref, and simdjson's DOM parse as the limit.
 *   2. sca_steps_render, the same way.
 *   3. The UI host: receive + render of a cards reply, per IR node.
 *   4. One runner shared by N threads vs one runner per thread (D11).
 *   5. An OpenUI reply streamed through the UI host (receive + render after
 *      each chunk) vs one receive + render of the whole reply.
 */
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <thread>

#include <dlfcn.h>
#include <vector>

#include <jansson.h>
#include <simdjson.h>

#include "streamchatai.h"
#include "streamchatai_plugin.h"

static double now() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

static std::string read_file(const std::string &path) {
    FILE *f = fopen(path.c_str(), "rb");
    if (!f) { fprintf(stderr, "bench_c_path: cannot read %s\n", path.c_str()); exit(1); }
    std::string data;
    char buffer[65536];
    size_t n;
    while ((n = fread(buffer, 1, sizeof buffer, f)) > 0) data.append(buffer, n);
    fclose(f);
    return data;
}

/* Best seconds per call of each contender over alternating rounds lasting about `budget` seconds, each
   contender's block timed warm. */
static std::vector<double> best_per_call(double budget, const std::vector<std::function<void()>> &contenders) {
    std::vector<long> iterations;
    for (auto &body : contenders) {
        body();
        long n = 1;
        for (;;) {
            double start = now();
            for (long i = 0; i < n; i++) body();
            if (now() - start > budget / (20.0 * contenders.size()) || n > (1L << 24)) break;
            n *= 2;
        }
        iterations.push_back(n);
    }
    std::vector<double> best(contenders.size(), 1e300);
    double deadline = now() + budget;
    do {
        for (size_t c = 0; c < contenders.size(); c++) {
            // One untimed call first: a block of one call (the large inputs) would otherwise time a contender
            // cold, right after another one's allocations and memory traffic, where a block of many is warm.
            contenders[c]();
            double start = now();
            for (long i = 0; i < iterations[c]; i++) contenders[c]();
            best[c] = std::min(best[c], (now() - start) / iterations[c]);
        }
    } while (now() < deadline);
    return best;
}

static volatile size_t sink;

static void check(sca_status status, const char *what) {
    if (status != SCA_OK) { fprintf(stderr, "bench_c_path: %s: %s\n", what, sca_last_error()); exit(1); }
}

static void decode_and_render(const std::string &dir, double budget) {
    simdjson::dom::parser simd;
    printf("1. sca_parts_decode through the C ABI (JSON in, JSON out, sca_free) vs the bare parse of the same bytes\n\n");
    printf("%-8s %9s %10s %10s %10s %11s %11s\n", "corpus", "bytes", "ours MB/s", "jansson", "simdjson", "÷ jansson", "÷ simdjson");
    std::vector<std::string> labels = {"1KB", "16KB", "128KB", "1MB"};
    std::vector<double> decode_ratios, render_ratios;
    std::vector<std::string> corpora;
    for (auto &label : labels) corpora.push_back(read_file(dir + "/corpus-" + label + ".json"));
    for (size_t k = 0; k < labels.size(); k++) {
        const std::string &text = corpora[k];
        simdjson::padded_string padded(text);
        auto times = best_per_call(budget, {
            [&] { char *out = nullptr; check(sca_parts_decode(text.c_str(), &out), "decode"); sink += strlen(out); sca_free(out); },
            [&] { json_t *v = json_loads(text.c_str(), 0, nullptr); sink += json_array_size(v); json_decref(v); },
            [&] { auto doc = simd.parse(padded); sink += doc.error() == simdjson::SUCCESS; },
        });
        double mb = text.size() / 1e6;
        double ratio = times[1] / times[0];
        decode_ratios.push_back(ratio);
        printf("%-8s %9zu %10.1f %10.1f %10.1f %10.2f× %10.2f×\n", labels[k].c_str(), text.size(), mb / times[0],
               mb / times[1], mb / times[2], ratio, times[2] / times[0]);
    }
    double worst = 1e9;
    for (double r : decode_ratios) worst = std::min(worst, r);
    printf("\n   slowest size: %.2f× jansson's bare parse (target ≥ 3× on every size)\n\n", worst);

    printf("2. sca_steps_render through the C ABI (attachments in, UI IR out) vs the bare parse of the same bytes\n\n");
    printf("%-8s %9s %10s %10s %11s %11s\n", "corpus", "bytes", "ours MB/s", "jansson", "÷ jansson", "÷ simdjson");
    for (size_t k = 0; k < labels.size(); k++) {
        const std::string &text = corpora[k];
        simdjson::padded_string padded(text);
        auto times = best_per_call(budget, {
            [&] { char *out = nullptr; check(sca_steps_render(text.c_str(), nullptr, &out), "render"); sink += strlen(out); sca_free(out); },
            [&] { json_t *v = json_loads(text.c_str(), 0, nullptr); sink += json_array_size(v); json_decref(v); },
            [&] { auto doc = simd.parse(padded); sink += doc.error() == simdjson::SUCCESS; },
        });
        double mb = text.size() / 1e6;
        render_ratios.push_back(times[1] / times[0]);
        printf("%-8s %9zu %10.1f %10.1f %10.2f× %10.2f×\n", labels[k].c_str(), text.size(), mb / times[0], mb / times[1],
               times[1] / times[0], times[2] / times[0]);
    }
    worst = 1e9;
    for (double r : render_ratios) worst = std::min(worst, r);
    printf("\n   slowest size: %.2f× jansson's bare parse (target ≥ 3× on every size)\n\n", worst);
}

static void ui_render(const std::string &plugins, double budget) {
    sca_ui_host *host = nullptr;
    check(sca_ui_host_new(nullptr, &host), "ui host");
    check(sca_ui_host_load_plugins(host, plugins.c_str(), nullptr), "load plugins");
    const int cards = 200;
    std::string documents[2];
    for (int variant = 0; variant < 2; variant++) {
        std::string content = "[";
        for (int i = 0; i < cards; i++) {
            char card[160];
            snprintf(card, sizeof card, "%s{\"id\":\"c%d\",\"title\":\"Place %d\",\"subtitle\":\"Round %d\",\"action\":\"ask\"}", i ? "," : "", i, i, variant);
            content += card;
        }
        content += "]";
        documents[variant] = "{\"ai_ui\":{\"v\":1,\"format\":\"cards\",\"version\":\"1.0\",\"content\":" + content + "}}";
    }
    // The plugin's own view, called directly on the document the host hands it: what the host adds is the rest.
    void *image = dlopen((plugins + "/cards/libcards.so").c_str(), RTLD_NOW | RTLD_LOCAL);
    auto entry = image ? (sca_plugin_entry_fn)dlsym(image, "sca_plugin_entry_v1") : nullptr;
    const sca_plugin *plugin = entry ? entry() : nullptr;
    // The cards renderer runs no tools: of the host's services it may only log.
    static sca_host_services services{};
    services.struct_size = sizeof services;
    services.abi_major = SCA_PLUGIN_ABI_MAJOR;
    services.abi_minor = SCA_PLUGIN_ABI_MINOR;
    services.log = [](const sca_host_services *, int32_t, const char *) {};
    auto renderer = plugin && plugin->init(&services) == 0
        ? (const sca_renderer_v1 *)plugin->get_feature(SCA_RENDERER_FEATURE_V1) : nullptr;
    if (!renderer) { fprintf(stderr, "bench_c_path: cannot load the cards plugin: %s\n", dlerror()); exit(1); }
    sca_renderer_engine *direct = renderer->create_engine();
    std::string plugin_documents[2];
    for (int variant = 0; variant < 2; variant++) {
        size_t content = documents[variant].find("\"content\":");
        plugin_documents[variant] = "{\"v\":1,\"format\":\"cards\",\"version\":\"1.0\",\"status\":\"complete\"," +
                                    documents[variant].substr(content, documents[variant].size() - content - 1);
    }
    auto append = [](void *ctx, const char *json) { static_cast<std::string *>(ctx)->append(json); };
    int turn = 0;
    char *ir = nullptr;
    check(sca_ui_host_receive(host, "m", documents[0].c_str(), nullptr), "receive");
    check(sca_ui_host_render(host, "m", &ir), "render");
    std::string output = ir;
    sca_free(ir);
    auto times = best_per_call(budget, {
        [&] {
            char *out = nullptr;
            check(sca_ui_host_receive(host, "m", documents[turn ^= 1].c_str(), nullptr), "receive");
            check(sca_ui_host_render(host, "m", &out), "render");
            sink += strlen(out);
            sca_free(out);
        },
        [&] { json_t *v = json_loads(output.c_str(), 0, nullptr); sink += json_object_size(v); json_decref(v); },
        [&] {
            std::string out;
            renderer->receive(direct, "m", plugin_documents[turn ^= 1].c_str());
            if (renderer->view(direct, "m", plugin_documents[turn].c_str(), append, &out) != 0) exit(1);
            sink += out.size();
        },
    });
    int nodes = cards + 1;
    double host_own = times[0] - times[2];
    printf("3. The UI host: receive + render of a %d-card reply through the C ABI (cards renderer plugin)\n", cards);
    printf("   %.2f µs per IR node; jansson parsing the IR it writes: %.2f µs per node (%.2f×)\n",
           times[0] * 1e6 / nodes, times[1] * 1e6 / nodes, times[1] / times[0]);
    printf("   of which the plugin's own view (called directly, jansson in and out): %.2f µs; the library's: %.2f µs (%.2f×)\n\n",
           times[2] * 1e6 / nodes, host_own * 1e6 / nodes, times[1] / host_own);
    renderer->destroy_engine(direct);
    plugin->shutdown();
    dlclose(image);
    sca_ui_host_free(host);
}

static void tool(void *, const char *, sca_result *r) { sca_result_complete(r, "{}", nullptr); }
static int send_result(void *, const char *, const char *) { return 0; }

static void runner_threads(bool quick) {
    std::string reply = "[";
    for (int i = 0; i < 64; i++) {
        char call[260];
        snprintf(call, sizeof call, "%s{\"type\":\"ai_tool_call\",\"id\":\"c%d\",\"name\":\"t\",\"status\":\"awaiting_client\",\"executor\":\"client\",\"target_user_id\":\"u\",\"target_client_id\":\"c\"}", i ? "," : "", i);
        reply += call;
    }
    reply += "]";
    auto make = [&] {
        sca_runner *r = nullptr;
        check(sca_runner_new("{\"user_id\":\"u\",\"client_id\":\"c\"}", &r), "runner");
        check(sca_runner_add_tool(r, "{\"name\":\"t\",\"description\":\"d\",\"inputSchema\":{\"type\":\"object\"}}", tool, nullptr), "tool");
        check(sca_runner_run(r, reply.c_str(), send_result, nullptr), "run");
        return r;
    };
    const int runs = quick ? 200 : 1500;
    printf("4. sca_runner_run of a 64-call reply (every call already run), %d runs a thread, %u cores\n", runs, std::thread::hardware_concurrency());
    printf("   %-8s %18s %18s %8s\n", "threads", "own runner runs/s", "shared runs/s", "shared÷own");
    for (int threads : {1, 2, 4, 8, 12}) {
        double rate[2];
        for (int shared = 0; shared < 2; shared++) {
            sca_runner *one = make();
            std::vector<sca_runner *> own;
            for (int t = 0; t < threads; t++) own.push_back(shared ? one : make());
            double start = now();
            std::vector<std::thread> pool;
            for (int t = 0; t < threads; t++) {
                pool.emplace_back([&, t] { for (int k = 0; k < runs; k++) sca_runner_run(own[t], reply.c_str(), send_result, nullptr); });
            }
            for (auto &th : pool) th.join();
            rate[shared] = threads * runs / (now() - start);
            if (!shared) for (auto *r : own) sca_runner_free(r);
            sca_runner_free(one);
        }
        printf("   %-8d %18.0f %18.0f %7.2f×\n", threads, rate[0], rate[1], rate[1] / rate[0]);
    }
}

/* The custom data a client hands the host for an OpenUI reply whose text so far is `content`. */
static std::string openui_custom_data(const std::string &content, bool streaming) {
    json_t *ui = json_pack("{s:i,s:s,s:s,s:s,s:s%}", "v", 1, "format", "openui", "version", "1.0", "status",
                           streaming ? "streaming" : "complete", "content", content.data(), content.size());
    json_t *data = json_pack("{s:o}", "ai_ui", ui);
    char *text = json_dumps(data, JSON_COMPACT);
    std::string out = text;
    free(text);
    json_decref(data);
    return out;
}

static void openui_stream(const std::string &dir, bool quick) {
    const std::string program = read_file(dir + "/openui-tree-64KB.txt");
    const size_t chunks = 1000;
    // Cut at character boundaries into chunks of one size, as section 5 of the Swift bench does.
    std::vector<size_t> ends;
    size_t size = (program.size() + chunks - 1) / chunks, end = 0;
    while (end < program.size()) {
        end = std::min(program.size(), end + size);
        while (end < program.size() && (static_cast<unsigned char>(program[end]) & 0xC0) == 0x80) end++;
        ends.push_back(end);
    }
    // What the client has before it calls (made before the clock starts): the custom data after each chunk, or
    // the chunk itself.
    std::vector<std::string> updates, pieces;
    for (size_t i = 0; i < ends.size(); i++) {
        updates.push_back(openui_custom_data(program.substr(0, ends[i]), i + 1 < ends.size()));
        pieces.push_back(program.substr(i ? ends[i - 1] : 0, ends[i] - (i ? ends[i - 1] : 0)));
    }
    const std::string opening = openui_custom_data("", true);
    sca_ui_host *host = nullptr;
    check(sca_ui_host_new(nullptr, &host), "ui host");
    size_t ir_bytes = 0, whole_bytes = 0, ops_bytes = 0;
    auto once = [&] {
        char *out = nullptr;
        check(sca_ui_host_receive(host, "once", updates.back().c_str(), nullptr), "receive");
        check(sca_ui_host_render(host, "once", &out), "render");
        ir_bytes = strlen(out);
        sca_free(out);
        check(sca_ui_host_forget(host, "once"), "forget");
    };
    // The custom data so far received and the whole IR rendered after each chunk.
    auto whole = [&] {
        whole_bytes = 0;
        for (auto &update : updates) {
            char *out = nullptr;
            check(sca_ui_host_receive(host, "whole", update.c_str(), nullptr), "receive");
            if (sca_ui_host_render(host, "whole", &out) == SCA_OK) whole_bytes += strlen(out);
            sca_free(out);
        }
        check(sca_ui_host_forget(host, "whole"), "forget");
    };
    // Each chunk appended and the render taken as ops.
    auto appended = [&] {
        ops_bytes = 0;
        check(sca_ui_host_receive(host, "ops", opening.c_str(), nullptr), "receive");
        for (size_t i = 0; i < pieces.size(); i++) {
            char *out = nullptr;
            check(sca_ui_host_append(host, "ops", pieces[i].c_str(), i + 1 < pieces.size()), "append");
            if (sca_ui_host_render_ops(host, "ops", &out) == SCA_OK) ops_bytes += strlen(out);
            sca_free(out);
        }
        check(sca_ui_host_forget(host, "ops"), "forget");
    };
    double best_once = 1e300, best_whole = 1e300, best_appended = 1e300;
    for (int round = 0; round < (quick ? 1 : 4); round++) {
        double start = now();
        once();
        best_once = std::min(best_once, now() - start);
        start = now();
        appended();
        best_appended = std::min(best_appended, now() - start);
        if (round < 2) {
            start = now();
            whole();
            best_whole = std::min(best_whole, now() - start);
        }
    }
    printf("5. An OpenUI reply (%zu bytes) streamed through the UI host in %zu chunks, rendered after each, vs one\n"
           "   sca_ui_host_receive + sca_ui_host_render of the whole reply: %.2f ms (IR %zu bytes)\n",
           program.size(), ends.size(), best_once * 1e3, ir_bytes);
    printf("   each chunk sca_ui_host_append'ed, sca_ui_host_render_ops after it: %.1f ms (ops %.2f MB in all), %.2f×\n",
           best_appended * 1e3, ops_bytes / 1e6, best_appended / best_once);
    printf("   the custom data so far received, the whole IR rendered after each: %.1f ms (IR %.1f MB in all), %.1f×\n\n",
           best_whole * 1e3, whole_bytes / 1e6, best_whole / best_once);
    sca_ui_host_free(host);
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: bench_c_path CORPUS_DIR PLUGINS_DIR [--quick]\n");
        return 2;
    }
    bool quick = argc > 3 && strcmp(argv[3], "--quick") == 0;
    double budget = quick ? 0.05 : 0.4;
    printf("bench_c_path %s (through the C ABI of libstreamchatai)\n\n", sca_version());
    decode_and_render(argv[1], budget);
    ui_render(argv[2], budget);
    runner_threads(quick);
    openui_stream(argv[1], quick);
    return 0;
}
