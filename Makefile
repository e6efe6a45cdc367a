# streamchatai — build, test, demo, bench, install.
#
#   make demo    build everything and show the steps of the bundled conversation
#   make test    build and run every test (Swift, C examples, header and ABI checks, valgrind, thread sanitizer, Python, fuzz smoke)
#   make bench   print throughput against jansson, simdjson and JSONDecoder, through Swift, C and Python
#   make fuzz    run every fuzz target for FUZZ_SECONDS (default 60) each
#   make install PREFIX=/usr/local   (library, headers, pkg-config file, the CLI, its man page, bash/zsh/fish completions)

SHELL := /bin/bash
PREFIX ?= /usr/local
VERSION := $(shell sed -n 's/^#define SCA_VERSION_STRING "\(.*\)"/\1/p' include/streamchatai.h)
ABI := $(shell sed -n 's/^#define SCA_ABI_VERSION \([0-9]*\)/\1/p' include/streamchatai.h)
SWIFT ?= swift
CC ?= cc
CXX ?= c++
PYTHON ?= python3

BUILD := build
LIBDIR := $(BUILD)/lib
BINDIR := $(BUILD)/bin
REAL_LIB := $(LIBDIR)/libstreamchatai.so.$(VERSION)
SONAME := libstreamchatai.so.$(ABI)

# One release configuration serves the library, the CLI and the benchmark, so
# it is built once. -static-stdlib makes the .so self-contained; -gnone keeps
# debug info valgrind 3.19 can't read out of it.
RELEASE_FLAGS := -c release -Xswiftc -static-stdlib -Xswiftc -gnone \
	-Xlinker -soname=$(SONAME) \
	-Xlinker --version-script=$(CURDIR)/Sources/StreamChatAIC/exports.map

CFLAGS_STRICT := -std=c99 -Wall -Wextra -pedantic -Werror
EXAMPLES := steps errors run_tools plugins genui openui a2ui ui_state hardening mcp conversation chat signals
VALGRIND := valgrind --quiet --error-exitcode=9 --leak-check=full --errors-for-leak-kinds=definite,indirect \
	--show-leak-kinds=definite,indirect

# ---------------------------------------------------------------- plugins
# Each plugins/<name>/plugin.mk names its sources, library and set: "plugins"
# (bundled, loaded by the demo) or "test-plugins" (test-only, kept apart).

PLUGIN_NAMES := $(patsubst plugins/%/plugin.mk,%,$(wildcard plugins/*/plugin.mk))
include $(wildcard plugins/*/plugin.mk)
PLUGIN_CFLAGS := -std=c99 -Wall -Wextra -Werror -O2 -fPIC -Iinclude
PLUGIN_CXXFLAGS := -std=c++17 -Wall -Wextra -Werror -O2 -fPIC -Iinclude
plugin_compiler = $(if $(filter %.cpp,$($(1)_SOURCES)),$(CXX) $(PLUGIN_CXXFLAGS),$(CC) $(PLUGIN_CFLAGS))
plugin_dir = $(BUILD)/$($(1)_SET)/$(1)

define plugin_rules
$(call plugin_dir,$(1))/manifest.json: plugins/$(1)/manifest.json $(addprefix plugins/$(1)/,$($(1)_SOURCES)) include/streamchatai_plugin.h
	@mkdir -p $(call plugin_dir,$(1))
	@chmod 755 $(BUILD)/$($(1)_SET) $(call plugin_dir,$(1))
	$(if $($(1)_LIBRARY),$(call plugin_compiler,$(1)) -shared -o $(call plugin_dir,$(1))/$($(1)_LIBRARY) $(addprefix plugins/$(1)/,$($(1)_SOURCES)) $($(1)_LDLIBS))
	$(if $($(1)_LIBRARY),chmod 755 $(call plugin_dir,$(1))/$($(1)_LIBRARY))
	install -m 0644 plugins/$(1)/manifest.json $$@
endef
$(foreach p,$(PLUGIN_NAMES),$(eval $(call plugin_rules,$(p))))

plugins: $(foreach p,$(PLUGIN_NAMES),$(call plugin_dir,$(p))/manifest.json)

.PHONY: all lib cli release demo plugins mcp-plugins wheel test-wheel build-deps test-deps test-setup bench-deps fuzz fuzz-build fuzz-smoke test test-swift test-c test-header test-exports test-install test-python memcheck tsan bench install clean

all: lib cli

# ---------------------------------------------------------------- set-up
# `make demo` and `make test` set up what they need on a fresh Debian machine
# with the Swift toolchain: the Debian packages (when root; otherwise they stop
# with the one apt-get line to run), and the Python test packages in a virtual
# environment of the project's own under build/ (never the system Python).

# Installs the Debian packages named in $(1) that are missing, when root;
# otherwise stops with the one line to run.
define ensure_debs
	@missing=$$(for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ]; then echo "installing" $$missing; apt-get update -qq && \
			DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
		else echo "missing Debian packages; run: sudo apt-get install" $$missing; exit 1; fi; \
	fi
endef

BUILD_DEBS := libjansson-dev libffi-dev libcurl4-openssl-dev pkg-config gcc g++ make
TEST_DEBS := valgrind python3-venv man-db zsh fish tmux chromium nodejs
VENV := $(BUILD)/venv
VENV_PYTHON := $(VENV)/bin/python
PYTHON_TEST_PACKAGES := pytest jsonschema a2ui-agent-sdk==0.9.0 a2ui-core==0.4.0 mcp==2.3.0 fastmcp==4.1.6 pydantic-ai-slim[ui]==2.68.0 starlette uvicorn
# The stamp names what the venv holds: a changed list makes it again.
VENV_STAMP := $(VENV)/.ready-$(subst [,,$(subst ],,$(subst $() ,-,$(PYTHON_TEST_PACKAGES))))

build-deps:
	$(call ensure_debs,$(BUILD_DEBS))

test-setup: test-deps
	examples-c/check-setup.sh

test-deps: build-deps $(VENV_STAMP)
	$(call ensure_debs,$(TEST_DEBS))

$(VENV_STAMP):
	$(call ensure_debs,python3-venv)
	rm -rf $(VENV)
	$(PYTHON) -m venv $(VENV)
	$(VENV_PYTHON) -m pip install -q --disable-pip-version-check $(foreach p,$(PYTHON_TEST_PACKAGES),'$(p)')
	touch $@

release: | build-deps
	$(SWIFT) build $(RELEASE_FLAGS)

lib: release
	@mkdir -p $(LIBDIR)
	cp .build/release/libstreamchatai.so $(REAL_LIB)
	cp .build/release/streamchatai-plugin-helper $(LIBDIR)/streamchatai-plugin-helper
	ln -sf libstreamchatai.so.$(VERSION) $(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(LIBDIR)/libstreamchatai.so

cli: release
	@mkdir -p $(BINDIR)
	cp .build/release/streamchatai-cli $(BINDIR)/streamchatai

demo: build-deps lib cli plugins mcp-plugins $(BINDIR)/a2ui $(BINDIR)/mcp $(BINDIR)/chat
	$(call ensure_debs,python3)
	@echo "== the steps of a streamed reply"
	$(BINDIR)/streamchatai steps examples-c/data/conversation.jsonl
	@echo "== the bundled plugins"
	$(BINDIR)/streamchatai plugins $(BUILD)/plugins
	@echo "== the client tools a reply addresses to u_123 on linux-7f3a"
	$(BINDIR)/streamchatai steps examples-c/data/tool-reply.json
	$(BINDIR)/streamchatai run examples-c/data/tool-reply.json --user u_123 --client linux-7f3a --plugins $(BUILD)/plugins
	@echo "== generative UI: a conversation rendered with the cards renderer plugin"
	$(BINDIR)/streamchatai ui examples-c/data/genui-conversation.jsonl --plugins $(BUILD)/plugins
	@echo "== generative UI: OpenUI replies, from ai_ui and from a fence in a reply's text"
	$(BINDIR)/streamchatai ui examples-c/data/openui-conversation.jsonl
	@echo "== generative UI: an A2UI stream, filled in and submitted through the C ABI"
	$(BINDIR)/a2ui examples-c/data/signup.a2ui.jsonl
	@echo "== a conversation (reasoning, tool calls, an approval, OpenUI and A2UI replies) as the terminal view draws it"
	head -n 8 examples-c/data/mixed-conversation.jsonl | $(BINDIR)/streamchatai view - --user u_123 --client linux-7f3a
	@echo "== MCP: a plugin folder holding an MCP server, and a server added by config, through the C ABI"
	$(BINDIR)/mcp $(BUILD)/mcp-plugins Tests/Peers/mcp_scripted_server.py
	@echo "== the agent chat client: a reply asks for a client tool (a C handler), its result goes back, the agent finishes"
	@set -e; exec 3> >(exec python3 Tests/Peers/chat_scripted_server.py > $(BUILD)/demo-chat-port); \
		until [ -s $(BUILD)/demo-chat-port ]; do sleep 0.1; done; \
		$(BINDIR)/chat http://127.0.0.1:$$(head -1 $(BUILD)/demo-chat-port); \
		printf 'weather\n' | $(BINDIR)/streamchatai chat --agent agent-1 --url http://127.0.0.1:$$(head -1 $(BUILD)/demo-chat-port) \
		--plugins $(BUILD)/plugins; rm -f $(BUILD)/demo-chat-port
	@echo "== the conversation as a self-contained HTML page"
	head -n 8 examples-c/data/mixed-conversation.jsonl | $(BINDIR)/streamchatai preview - -o $(BUILD)/preview.html --user u_123 --client linux-7f3a
	@echo "the HTML preview: file://$(CURDIR)/$(BUILD)/preview.html"

# ---------------------------------------------------------------- tests

test: test-deps test-setup lib cli plugins test-header test-exports test-install test-c memcheck test-python test-wheel test-swift tsan fuzz-smoke
	@echo "make test: all suites passed"

test-swift: plugins
	$(SWIFT) test --parallel

# Every example links the library and finds it beside itself; some need more.
examples_LDLIBS_steps := -ljansson
examples_LDLIBS_run_tools := -ljansson
examples_LDLIBS_plugins := -ljansson -lpthread
examples_LDLIBS_genui := -ljansson
examples_LDLIBS_openui := -ljansson
examples_LDLIBS_a2ui := -ljansson
examples_LDLIBS_ui_state := -lpthread
examples_LDLIBS_hardening := -lpthread
examples_LDLIBS_mcp := -ljansson -lpthread
examples_LDLIBS_conversation := -ljansson
examples_LDLIBS_chat := -ljansson -lpthread

$(BINDIR)/%: examples-c/%.c include/streamchatai.h | lib
	@mkdir -p $(BINDIR)
	$(CC) $(CFLAGS_STRICT) -Iinclude $< -L$(LIBDIR) -lstreamchatai $(examples_LDLIBS_$*) -Wl,-rpath,'$$ORIGIN/../lib' -o $@

# signals must not link the library: it measures what loading it changes.
$(BINDIR)/signals: examples-c/signals.c include/streamchatai.h
	@mkdir -p $(BINDIR)
	$(CC) $(CFLAGS_STRICT) -Iinclude $< -ldl -o $@

# An MCP server as a plugin folder: the example manifest, the test suite's scripted server as its program.
MCP_PLUGIN := $(BUILD)/mcp-plugins/scripted
mcp-plugins: $(MCP_PLUGIN)/manifest.json $(MCP_PLUGIN)/server.py
$(MCP_PLUGIN)/manifest.json: examples-c/data/mcp-plugin/manifest.json
	@mkdir -p $(MCP_PLUGIN) && chmod 755 $(BUILD)/mcp-plugins $(MCP_PLUGIN)
	install -m 644 $< $@
$(MCP_PLUGIN)/server.py: Tests/Peers/mcp_scripted_server.py
	@mkdir -p $(MCP_PLUGIN) && chmod 755 $(BUILD)/mcp-plugins $(MCP_PLUGIN)
	install -m 644 $< $@

test-c: lib plugins mcp-plugins $(addprefix $(BINDIR)/,$(EXAMPLES))
	EXAMPLES_BIN=$(BINDIR) examples-c/run-tests.sh

memcheck: lib plugins mcp-plugins $(addprefix $(BINDIR)/,$(EXAMPLES))
	EXAMPLES_BIN=$(BINDIR) VALGRIND="$(VALGRIND)" examples-c/run-tests.sh --valgrind

# The suites whose tests run many threads at one host, runner, engine or server, under the thread sanitizer, in a
# debug build of their own (build/tsan); a race it reports fails the run. With TSAN defined, each module's `Mutex`
# is one the sanitizer sees (Sources/StreamChatAI/Support/ThreadSanitizerMutex.swift). The suites of process plugins
# are left out: a sanitized plugin helper does not start within the 3 s their tests allow.
TSAN_SUITES := AIUIHostTests|OpenUIHostAppendTests|A2UIInteractionTests|ClientToolRunnerTests|EngineStateTests|ExactlyOnceEngineTests|ToolCallExecutionTests|MCPToolServerTests|MCPServerTests|ChatbaseLoopTests
TSAN_FLAGS := --sanitize=thread --scratch-path $(BUILD)/tsan -Xswiftc -DTSAN
tsan: plugins
	$(SWIFT) build --build-tests $(TSAN_FLAGS)
	$(SWIFT) test --skip-build $(TSAN_FLAGS) --filter '$(TSAN_SUITES)'

test-header:
	@mkdir -p $(BUILD)/header
	printf '#include "streamchatai.h"\n#include "streamchatai_plugin.h"\nint main(void){return sca_abi_version() == SCA_ABI_VERSION ? 0 : 1;}\n' > $(BUILD)/header/c99.c
	$(CC) $(CFLAGS_STRICT) -Iinclude -c $(BUILD)/header/c99.c -o $(BUILD)/header/c99.o
	cp $(BUILD)/header/c99.c $(BUILD)/header/cxx.cpp
	$(CXX) -std=c++11 -Wall -Wextra -pedantic -Werror -Iinclude -c $(BUILD)/header/cxx.cpp -o $(BUILD)/header/cxx.o
	@echo "headers: streamchatai.h and streamchatai_plugin.h compile as C99 and C++11"

test-exports: lib
	examples-c/check-exports.sh $(REAL_LIB) include/streamchatai.h

# Installs into a scratch prefix and builds a C program through pkg-config against it.
test-install: lib cli test-deps
	rm -rf $(BUILD)/install-test
	$(MAKE) --no-print-directory install PREFIX=$(CURDIR)/$(BUILD)/install-test > /dev/null
	PKG_CONFIG_PATH=$(BUILD)/install-test/lib/pkgconfig $(CC) $(CFLAGS_STRICT) examples-c/errors.c \
		$$(PKG_CONFIG_PATH=$(BUILD)/install-test/lib/pkgconfig pkg-config --cflags --libs streamchatai) \
		-Wl,-rpath,$(CURDIR)/$(BUILD)/install-test/lib -o $(BUILD)/install-test/errors
	$(BUILD)/install-test/errors > /dev/null
	examples-c/check-install-docs.sh $(CURDIR)/$(BUILD)/install-test
	@echo "install: library, headers, streamchatai.pc, the CLI, its man page and completions work from $(BUILD)/install-test"

# A wheel that bundles the library, the plugin helper and the bundled plugins,
# tagged for this platform: pip install build/dist/streamchatai-*.whl works
# outside the source tree with no STREAMCHATAI_LIB.
WHEEL_SRC := $(BUILD)/wheel-src
wheel: lib plugins $(VENV_STAMP)
	rm -rf $(WHEEL_SRC) $(BUILD)/dist
	mkdir -p $(WHEEL_SRC)/streamchatai/_lib
	cp python/pyproject.toml python/setup.py $(WHEEL_SRC)/
	cp python/streamchatai/*.py $(WHEEL_SRC)/streamchatai/
	install -m 0755 $(REAL_LIB) $(WHEEL_SRC)/streamchatai/_lib/libstreamchatai.so
	install -m 0755 $(LIBDIR)/streamchatai-plugin-helper $(WHEEL_SRC)/streamchatai/_lib/
	cp -R $(BUILD)/plugins $(WHEEL_SRC)/streamchatai/plugins
	$(VENV_PYTHON) -m pip wheel -q --disable-pip-version-check --no-deps -w $(BUILD)/dist $(WHEEL_SRC)
	@ls $(BUILD)/dist/streamchatai-*.whl

# Installs the wheel into a new venv and uses it from outside the tree.
test-wheel: wheel
	rm -rf $(BUILD)/wheel-venv
	$(PYTHON) -m venv $(BUILD)/wheel-venv
	$(BUILD)/wheel-venv/bin/python -m pip install -q --disable-pip-version-check --no-index $(BUILD)/dist/streamchatai-*.whl
	cp python/check_wheel.py $(BUILD)/wheel-venv/  # run from outside the tree: a script's folder is on sys.path
	cd /tmp && env -u STREAMCHATAI_LIB $(CURDIR)/$(BUILD)/wheel-venv/bin/python $(CURDIR)/$(BUILD)/wheel-venv/check_wheel.py

test-python: lib cli plugins $(VENV_STAMP)
	STREAMCHATAI_LIB=$(CURDIR)/$(REAL_LIB) $(VENV_PYTHON) -m pytest -q python/tests

# ---------------------------------------------------------------- fuzz
# One program of libFuzzer targets (Tests/Fuzz/FuzzTargets.swift) built from
# the core's and the format renderers' sources with AddressSanitizer. `make fuzz` runs every target for
# FUZZ_SECONDS on its corpus (found inputs are kept there); `make test` runs
# each for FUZZ_SMOKE_RUNS inputs from the checked-in seeds, with a fixed seed.

FUZZ_BIN := $(BUILD)/fuzz/streamchatai-fuzz
FUZZ_TARGETS := json steps steps-options schema pattern manifest tool config ui fence reasoning ledger openui a2ui mcp chat-stream
FUZZ_SECONDS ?= 60
FUZZ_SMOKE_RUNS ?= 15000
CORE_SOURCES := $(shell find Sources/StreamChatAI Sources/StreamChatOpenUI Sources/StreamChatA2UI Sources/StreamChatClient/Stream -name '*.swift')

$(FUZZ_BIN): $(CORE_SOURCES) Tests/Fuzz/FuzzTargets.swift include/streamchatai_plugin.h
	@mkdir -p $(BUILD)/fuzz
	@echo "swiftc -sanitize=fuzzer,address … -o $@"
	@$(SWIFT)c -sanitize=fuzzer,address -parse-as-library -O -module-name StreamChatAI -package-name streamchatai -swift-version 6 \
		-I Sources/CFFI -I Sources/CSystemShims -I Sources/CStreamChatAIPluginABI \
		$(CORE_SOURCES) Tests/Fuzz/FuzzTargets.swift -lffi -ldl -o $@ 2> $(BUILD)/fuzz/build.log \
		|| { cat $(BUILD)/fuzz/build.log; exit 1; }

fuzz-build: $(FUZZ_BIN)

# The openui target keeps its library in a global, built once: LeakSanitizer
# misreads what a global reaches through Swift's indirect enum payloads as
# leaked (valgrind runs of the OpenUI example check the real thing).
# Runs every target on corpus folder $(1) (made fresh from the seeds when $(3)
# is "fresh") with the limit $(2); a crash or a broken invariant stops with
# the input saved in build/fuzz/.
define run_fuzz
	@set -o pipefail; rm -f $(BUILD)/fuzz/*-crash-* $(BUILD)/fuzz/*-timeout-* $(BUILD)/fuzz/*-oom-*; \
	for t in $(FUZZ_TARGETS); do \
		if [ "$(3)" = fresh ]; then rm -rf $(1)/$$t; fi; \
		mkdir -p $(1)/$$t; \
		echo "== fuzz $$t ($(2))"; \
		leaks=1; [ $$t = openui ] && leaks=0; \
		ASAN_OPTIONS=detect_leaks=$$leaks SWIFT_BACKTRACE=enable=no SCA_FUZZ_TARGET=$$t $(FUZZ_BIN) $(1)/$$t Tests/Fuzz/corpus/$$t $(2) -detect_leaks=$$leaks \
			-max_len=65536 -timeout=10 -rss_limit_mb=2048 -artifact_prefix=$(BUILD)/fuzz/$$t- -print_final_stats=1 \
			> $(BUILD)/fuzz/$$t.log 2>&1; status=$$?; \
		grep -aE "Fatal error|==[0-9]+==ERROR|^SUMMARY" $(BUILD)/fuzz/$$t.log | tail -3; \
		grep -a "DONE" $(BUILD)/fuzz/$$t.log | sed -E 's/^#([0-9]+).*cov: ([0-9]+) ft: ([0-9]+) corp: ([0-9]+).*/   \1 runs, \2 edges, \3 features, corpus \4/'; \
		[ $$status -eq 0 ] || { echo "fuzz $$t failed (exit $$status): see $(BUILD)/fuzz/$$t.log"; exit 1; }; \
		ls $(BUILD)/fuzz/$$t-crash-* $(BUILD)/fuzz/$$t-timeout-* $(BUILD)/fuzz/$$t-oom-* > /dev/null 2>&1 && { echo "fuzz $$t found a failure"; exit 1; }; \
	done; echo "fuzz: no target failed"
endef

# Explores for FUZZ_SECONDS a target, keeping what it finds in build/fuzz/corpus.
fuzz: $(FUZZ_BIN)
	$(call run_fuzz,$(BUILD)/fuzz/corpus,-max_total_time=$(FUZZ_SECONDS))

# Deterministic, for make test: a fixed seed and number of runs from the checked-in seeds only.
fuzz-smoke: $(FUZZ_BIN)
	$(call run_fuzz,$(BUILD)/fuzz/smoke,-seed=1 -runs=$(FUZZ_SMOKE_RUNS),fresh)

# ---------------------------------------------------------------- bench


bench-deps:
	$(call ensure_debs,libjansson-dev libsimdjson-dev valgrind)

$(BINDIR)/bench_c_path: examples-c/bench_c_path.cpp include/streamchatai.h include/streamchatai_plugin.h | lib bench-deps
	@mkdir -p $(BINDIR)
	$(CXX) -std=c++17 -O2 -Wall -Wextra -Iinclude $< -L$(LIBDIR) -lstreamchatai -ljansson -lsimdjson -lpthread -Wl,-rpath,'$$ORIGIN/../lib' -o $@

bench: bench-deps release lib plugins $(BINDIR)/bench_c_path
	.build/release/streamchatai-bench
	@echo "5b. OpenUI streaming counted in instructions (callgrind; the same on every run of a build, unlike the timings above)"
	$(PYTHON) python/bench/openui_instructions.py .build/release/streamchatai-bench tree flat
	@mkdir -p $(BUILD)/bench
	.build/release/streamchatai-bench --write-corpus $(BUILD)/bench
	$(BINDIR)/bench_c_path $(BUILD)/bench $(BUILD)/plugins
	STREAMCHATAI_LIB=$(CURDIR)/$(REAL_LIB) $(PYTHON) python/bench/bench_binding.py

# ---------------------------------------------------------------- install

install: lib
	install -d $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/bin
	install -m 0755 $(REAL_LIB) $(LIBDIR)/streamchatai-plugin-helper $(DESTDIR)$(PREFIX)/lib/
	ln -sf libstreamchatai.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(PREFIX)/lib/libstreamchatai.so
	install -m 0644 include/*.h $(DESTDIR)$(PREFIX)/include/
	printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$${prefix}/lib' 'includedir=$${prefix}/include' '' \
		'Name: streamchatai' 'Description: Steps, client tools and generative UI for AI chat, with a C ABI' \
		'Version: $(VERSION)' 'Libs: -L$${libdir} -lstreamchatai' 'Cflags: -I$${includedir}' \
		> $(DESTDIR)$(PREFIX)/lib/pkgconfig/streamchatai.pc
	install -m 0755 .build/release/streamchatai-cli $(DESTDIR)$(PREFIX)/bin/streamchatai
	install -d $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/bash-completion/completions \
		$(DESTDIR)$(PREFIX)/share/zsh/site-functions $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	.build/release/streamchatai-cli --man > $(DESTDIR)$(PREFIX)/share/man/man1/streamchatai.1
	.build/release/streamchatai-cli --completions bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/streamchatai
	.build/release/streamchatai-cli --completions zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_streamchatai
	.build/release/streamchatai-cli --completions fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/streamchatai.fish

clean:
	rm -rf $(BUILD) .build
