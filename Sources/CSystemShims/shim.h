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

#include <spawn.h>

/* glibc's posix_spawn extensions (2.29 and 2.34), declared here because the
   Glibc module is built without _GNU_SOURCE. */
int posix_spawn_file_actions_addchdir_np(posix_spawn_file_actions_t *actions, const char *path);
int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);

/* Child processes start in `dir` (NULL: the parent's). */
static inline int sca_spawn_add_chdir(posix_spawn_file_actions_t *actions, const char *dir) {
    return posix_spawn_file_actions_addchdir_np(actions, dir);
}

/* Child processes keep no descriptor from `from` up. */
static inline int sca_spawn_add_close_from(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}
