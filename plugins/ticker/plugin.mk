# Build rule of the ticker test renderer (engine-owned state, request_render).
ticker_SOURCES := ticker.c
ticker_LIBRARY := libticker.so
ticker_LDLIBS := -lpthread
ticker_SET := test-plugins
