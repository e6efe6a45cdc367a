# Test-only plugin: only a manifest, with a JSON error (a trailing comma).
badmanifest_SOURCES :=
badmanifest_LIBRARY :=
badmanifest_SET := test-plugins
