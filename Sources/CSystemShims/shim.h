/* Small wrappers for what Swift can't reach in glibc's headers. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>

/* The file of the shared object (or program) that holds `address`, or NULL. */
static inline const char *sca_object_path_of(const void *address) {
    Dl_info info;
    if (dladdr(address, &info) == 0) return 0;
    return info.dli_fname;
}
