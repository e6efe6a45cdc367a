/*
 * mathlib — a small C math and text library that knows nothing about
 * streamchatai. Its manifest describes these functions' C signatures, and the
 * host calls them through libffi: plain C functions become tools without glue.
 */
#include <ctype.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int64_t math_add(int64_t a, int64_t b) { return a + b; }

double math_hypot(double x, double y) { return hypot(x, y); }

bool math_is_prime(uint64_t n) {
    if (n < 2) return false;
    for (uint64_t d = 2; d * d <= n; d++)
        if (n % d == 0) return false;
    return true;
}

int8_t math_negate8(int8_t v) { return (int8_t)-v; }

uint8_t math_clamp_u8(int32_t v) { return v < 0 ? 0 : v > 255 ? 255 : (uint8_t)v; }

int16_t math_mul16(int16_t a, int16_t b) { return (int16_t)(a * b); }

uint16_t math_swap16(uint16_t v) { return (uint16_t)((v << 8) | (v >> 8)); }

uint32_t math_max_u32(void) { return UINT32_MAX; }

uint64_t math_max_u64(void) { return UINT64_MAX; }

float math_halve(float v) { return v / 2.0f; }

bool math_not(bool v) { return !v; }

int32_t text_length(const char *s) { return (int32_t)strlen(s); }

/* The caller frees the result with text_free. */
char *text_shout(const char *s) {
    size_t n = strlen(s);
    char *out = malloc(n + 2);
    if (!out) return NULL;
    for (size_t i = 0; i < n; i++) out[i] = (char)toupper((unsigned char)s[i]);
    out[n] = '!';
    out[n + 1] = 0;
    return out;
}

void text_free(char *s) { free(s); }

const char *math_version(void) { return "mathlib 1.2"; }

static int counter;

void math_touch(void) { counter++; }
