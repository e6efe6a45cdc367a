# Build rule of the mathlib plugin: a plain C library, no streamchatai header.
mathlib_SOURCES := mathlib.c
mathlib_LIBRARY := libmathlib.so
mathlib_LDLIBS := -lm
mathlib_SET := plugins
