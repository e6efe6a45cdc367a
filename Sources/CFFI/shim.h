#include <ffi.h>

/* Swift 6 refuses references to C globals such as ffi_type_sint32, so the
 * type descriptors are reached through functions. */
static inline ffi_type *sca_ffi_void(void) { return &ffi_type_void; }
static inline ffi_type *sca_ffi_uint8(void) { return &ffi_type_uint8; }
static inline ffi_type *sca_ffi_sint8(void) { return &ffi_type_sint8; }
static inline ffi_type *sca_ffi_uint16(void) { return &ffi_type_uint16; }
static inline ffi_type *sca_ffi_sint16(void) { return &ffi_type_sint16; }
static inline ffi_type *sca_ffi_uint32(void) { return &ffi_type_uint32; }
static inline ffi_type *sca_ffi_sint32(void) { return &ffi_type_sint32; }
static inline ffi_type *sca_ffi_uint64(void) { return &ffi_type_uint64; }
static inline ffi_type *sca_ffi_sint64(void) { return &ffi_type_sint64; }
static inline ffi_type *sca_ffi_float(void) { return &ffi_type_float; }
static inline ffi_type *sca_ffi_double(void) { return &ffi_type_double; }
static inline ffi_type *sca_ffi_pointer(void) { return &ffi_type_pointer; }
static inline ffi_abi sca_ffi_default_abi(void) { return FFI_DEFAULT_ABI; }
