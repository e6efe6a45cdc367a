/* Small wrappers for what Swift can't reach in glibc's headers.

   No feature macro (_GNU_SOURCE and the like) may be defined here: it changes
   what glibc's headers declare (fd_set's members among them), and a clean
   build then finds this module and the Glibc module disagreeing on the same
   types. GNU extensions are declared one by one below instead. */
#include <dlfcn.h>

/* glibc's Dl_info (declared by <dlfcn.h> only under _GNU_SOURCE). */
typedef struct {
    const char *dli_fname;
    void *dli_fbase;
    const char *dli_sname;
    void *dli_saddr;
} sca_dl_info;

int dladdr(const void *address, sca_dl_info *info);

/* The file of the shared object (or program) that holds `address`, or NULL. */
static inline const char *sca_object_path_of(const void *address) {
    sca_dl_info info;
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

/* getenv that answers NULL in a program running with more rights than its
   user (setuid, setgid, capabilities), so the user can't steer it. */
char *secure_getenv(const char *name);

#include <pthread.h>

/* The attributes of a running thread, its stack among them (GNU). */
int pthread_getattr_np(pthread_t thread, pthread_attr_t *attr);

/* This thread's slot for the lowest address its frames may reach (0: not
   known yet), read on every level of the recursive readers: a thread-local
   costs a few instructions where pthread_getspecific costs a call. */
static inline unsigned long *sca_stack_floor_slot(void) {
    static __thread unsigned long floor;
    return &floor;
}

#include <sys/syscall.h>
#include <unistd.h>

/* A descriptor that becomes readable when process `pid` ends (Linux 5.3+),
   or -1. */
static inline int sca_pidfd_open(pid_t pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    return (int)syscall(434, pid, 0);
#endif
}
