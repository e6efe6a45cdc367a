/*
 * signals — checks that loading libstreamchatai leaves the host's signal
 * handlers alone.
 *
 *   signals PATH_TO_LIBSTREAMCHATAI
 *
 * Reads the handlers of SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE and SIGTRAP,
 * dlopen()s the library, calls into it, and reads them again. Exits 0 when
 * nothing changed and prints what changed otherwise.
 */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "streamchatai.h"

static const int watched[] = {SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE, SIGTRAP};
#define N_WATCHED (sizeof watched / sizeof watched[0])

static void snapshot(struct sigaction *out) {
    for (size_t i = 0; i < N_WATCHED; i++) sigaction(watched[i], NULL, &out[i]);
}

int main(int argc, char **argv) {
    struct sigaction before[N_WATCHED], after[N_WATCHED];
    if (argc != 2) {
        fprintf(stderr, "usage: signals PATH_TO_LIBSTREAMCHATAI\n");
        return 2;
    }
    snapshot(before);
    void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        fprintf(stderr, "signals: %s\n", dlerror());
        return 2;
    }
    typedef sca_status (*decode_fn)(const char *, char **);
    typedef void (*free_fn)(void *);
    decode_fn decode;
    free_fn release;
    *(void **)&decode = dlsym(lib, "sca_parts_decode");
    *(void **)&release = dlsym(lib, "sca_free");
    if (!decode || !release) {
        fprintf(stderr, "signals: sca_parts_decode or sca_free missing\n");
        return 2;
    }
    char *out = NULL;
    if (decode("[{\"type\":\"ai_reasoning\",\"id\":\"r\"}]", &out) != SCA_OK) return 2;
    release(out);
    snapshot(after);
    int changed = 0;
    for (size_t i = 0; i < N_WATCHED; i++) {
        if (before[i].sa_handler != after[i].sa_handler || before[i].sa_flags != after[i].sa_flags) {
            printf("signal %s: handler changed by loading the library\n", strsignal(watched[i]));
            changed = 1;
        }
    }
    if (!changed) printf("signal handlers unchanged (SEGV BUS ILL ABRT FPE TRAP)\n");
    return changed;
}
