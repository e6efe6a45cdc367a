# Build rule of the cards renderer plugin.
cards_SOURCES := cards.c
cards_LIBRARY := libcards.so
cards_LDLIBS := -ljansson
cards_SET := plugins
