# SPDX-License-Identifier: GPL-2.0
#
# make                 build ./kmaint
# make test            build, then run every test (plain and ASan+UBSan)
# make demo            run kmaint on the Debian 6.12 tree (see README)
# make install         PREFIX=/usr/local DESTDIR=
# make fuzz            build and briefly run the libFuzzer targets (clang)
#
# Objects go to $(O) (build/ by default); SANITIZE=1 builds the
# ASan+UBSan flavour into build-san/.  STATIC=1 links kmaint statically
# (glibc, PCRE2 and SQLite .a files needed): no dynamic loader at start,
# which is a third of a "kmaint get" run by send-email for each patch.

CC ?= cc
PKG_CONFIG ?= pkg-config
PREFIX ?= /usr/local
DESTDIR ?=
bindir = $(PREFIX)/bin
mandir = $(PREFIX)/share/man

ifeq ($(SANITIZE),1)
O ?= build-san
SAN_FLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer \
	    -fno-sanitize-recover=undefined
# LeakSanitizer crashes on the thread-local storage of dlopen()ed
# libraries: link GMime here (see lists/mail.c)
GMIME_LINKED = 1
else
O ?= build
SAN_FLAGS =
endif

CFLAGS ?= -O2 -g
WARNINGS = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
	   -Wno-unused-parameter -Wformat=2
ifeq ($(WERROR),1)
WARNINGS += -Werror
endif
# GMime's headers only: lists/mail.c loads the library when a mail is
# first read (dlopen), and people/identity.c GLib when a name is first
# folded, so that no other command pays for loading them (kmaint get
# runs once per patch); GMIME_LINKED=1 links them instead.
DEPS_CFLAGS := $(shell $(PKG_CONFIG) --cflags libpcre2-8 sqlite3 gmime-3.0 2>/dev/null)
DEPS_LIBS := $(shell $(PKG_CONFIG) --libs libpcre2-8 sqlite3 2>/dev/null || \
	       echo -lpcre2-8 -lsqlite3) -ldl
ifeq ($(STATIC),1)
DEPS_LIBS := $(shell $(PKG_CONFIG) --static --libs libpcre2-8 sqlite3 2>/dev/null || \
	       echo -lpcre2-8 -lsqlite3 -lm) -ldl
STATIC_FLAGS = -static
endif
ifeq ($(GMIME_LINKED),1)
DEPS_CFLAGS += -DKMAINT_GMIME_LINKED
DEPS_LIBS += $(shell $(PKG_CONFIG) --libs gmime-3.0 2>/dev/null || \
	     echo -lgmime-3.0 -lgobject-2.0 -lglib-2.0)
endif
ALL_CFLAGS = -std=c11 -D_GNU_SOURCE $(WARNINGS) $(CFLAGS) $(SAN_FLAGS) \
	     $(DEPS_CFLAGS) $(addprefix -I,$(LIB_DIRS)) -MMD -MP
ALL_LDFLAGS = $(LDFLAGS) $(SAN_FLAGS) $(STATIC_FLAGS)
LIBS = $(DEPS_LIBS) -lpthread

# The library, folder by concern: lib/ (buffers, maps, processes,
# options), people/, maintainers/, store/ (the index), lists/, get/,
# judge/ and report/.  Unit tests live in t/unit/.
LIB_DIRS := lib people maintainers store lists get judge report t/unit
LIB_SRC := $(wildcard $(addsuffix /*.c,$(filter-out t/unit,$(LIB_DIRS))))
BUILTIN_SRC := $(wildcard builtin-*.c)
TEST_SRC := $(wildcard t/unit/*-test.c)
LIB_OBJ := $(LIB_SRC:%.c=$(O)/%.o)
BUILTIN_OBJ := $(BUILTIN_SRC:%.c=$(O)/%.o) $(O)/setup.o $(O)/kmaint.o
TEST_BIN := $(TEST_SRC:%.c=$(O)/%)
MAN_PAGES := $(wildcard Documentation/*.1)

ifeq ($(SANITIZE),1)
PROGRAM = $(O)/kmaint
else
PROGRAM = kmaint
endif

all: $(PROGRAM) $(TEST_BIN)

$(O)/libkmaint.a: $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(PROGRAM): $(BUILTIN_OBJ) $(O)/libkmaint.a
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(LIBS)

$(O)/t/unit/%-test: $(O)/t/unit/%-test.o $(O)/libkmaint.a
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(LIBS)

$(O)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

-include $(LIB_OBJ:.o=.d) $(BUILTIN_OBJ:.o=.d) $(TEST_BIN:=.d)

# The suite: C unit tests in t/unit/, shell end-to-end tests in t/.  KMAINT names the binary under test, so the same scripts run
# against the sanitizer build.
PROVE ?= prove
PROVE_FLAGS ?= -j2
T_SCRIPTS := $(sort $(wildcard t/t[0-9]*.sh))

# The plain pass builds with $(CC) (gcc), the sanitizer pass with clang,
# both with -Werror: the suite also proves the code builds warning-free
# with both compilers.
SAN_CC ?= clang

test:
	$(MAKE) WERROR=1 all
	$(MAKE) SANITIZE=1 CC=$(SAN_CC) WERROR=1 all
	$(MAKE) test-plain
	$(MAKE) test-san

test-plain: all
	KMAINT=$(CURDIR)/kmaint BUILD=$(CURDIR)/build \
		$(PROVE) $(PROVE_FLAGS) $(TEST_BIN) $(T_SCRIPTS)

test-san:
	$(MAKE) SANITIZE=1 CC=$(SAN_CC) all
	KMAINT=$(CURDIR)/build-san/kmaint BUILD=$(CURDIR)/build-san \
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
		$(PROVE) $(PROVE_FLAGS) \
		$(patsubst build/%,build-san/%,$(TEST_SRC:%.c=build/%)) \
		$(T_SCRIPTS)

demo: all
	sh scripts/demo.sh

bench: all
	sh bench/run.sh

fuzz:
	$(MAKE) -C fuzz

install: all
	install -d $(DESTDIR)$(bindir) $(DESTDIR)$(mandir)/man1
	install -m 755 kmaint $(DESTDIR)$(bindir)/kmaint
	install -m 644 $(MAN_PAGES) $(DESTDIR)$(mandir)/man1/

clean:
	rm -rf build build-san kmaint

.PHONY: all test test-plain test-san demo bench fuzz install clean
