# Build rule of the weather plugin (included by the top-level Makefile).
weather_SOURCES := weather.c
weather_LIBRARY := libweather.so
weather_LDLIBS := -ljansson
weather_SET := plugins
