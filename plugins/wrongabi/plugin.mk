# Test-only plugin: its binary claims another ABI major than its manifest.
wrongabi_SOURCES := wrongabi.c
wrongabi_LIBRARY := libwrongabi.so
wrongabi_SET := test-plugins
