#!/usr/bin/env bash
# Compares the sca_ symbols the library exports with the functions the header
# declares: neither side may have one the other lacks, and nothing but sca_
# names (and the version node) may be exported.
set -eu
lib=$1 header=$2
exported=$(nm -D --defined-only "$lib" | awk '$2 ~ /^[A-Z]$/ {print $3}' | sed 's/@.*//' | sort -u)
declared=$(grep -oE '\bsca_[a-z0-9_]+\(' "$header" | tr -d '(' | sort -u)
others=$(echo "$exported" | grep -vE '^(sca_|STREAMCHATAI_)' || true)
if [ -n "$others" ]; then echo "exports: non-sca symbols exported:"; echo "$others"; exit 1; fi
missing=$(comm -13 <(echo "$exported" | grep '^sca_') <(echo "$declared"))
extra=$(comm -23 <(echo "$exported" | grep '^sca_') <(echo "$declared"))
[ -z "$missing" ] || { echo "exports: declared in $header but not exported:"; echo "$missing"; exit 1; }
[ -z "$extra" ] || { echo "exports: exported but not declared in $header:"; echo "$extra"; exit 1; }
# Self-contained: nothing from the Swift toolchain is needed at run time.
if ldd "$lib" | grep -iE 'swift|not found'; then echo "exports: $lib needs the libraries above"; exit 1; fi
readelf -d "$lib" | grep -q 'SONAME.*libstreamchatai.so.1' || { echo "exports: $lib has no SONAME libstreamchatai.so.1"; exit 1; }
echo "exports: $(echo "$declared" | wc -l) sca_ functions, header and library agree; self-contained, SONAME set"
