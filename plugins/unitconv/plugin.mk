# Build rule of the unitconv plugin (C++; the top-level Makefile compiles .cpp with $(CXX)).
unitconv_SOURCES := unitconv.cpp
unitconv_LIBRARY := libunitconv.so
unitconv_LDLIBS := -ljansson
unitconv_SET := plugins
