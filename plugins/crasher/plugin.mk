# Test-only plugin: crashes on purpose.
crasher_SOURCES := crasher.c
crasher_LIBRARY := libcrasher.so
crasher_SET := test-plugins
