# Build rule of the prober test plugin (process isolation probes).
prober_SOURCES := prober.c
prober_LIBRARY := libprober.so
prober_LDLIBS := -ljansson
prober_SET := test-plugins
