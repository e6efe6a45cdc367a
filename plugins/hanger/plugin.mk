# Test-only plugin: never answers its "hang" tool.
hanger_SOURCES := hanger.c
hanger_LIBRARY := libhanger.so
hanger_SET := test-plugins
