# SPDX-License-Identifier: GPL-2.0-only
# kpci - continuous kernel performance CI.  Plain GNU make; see README.md.
#
#   make              bin/kpcid bin/kpci-runner bin/kpci
#   make check        unit + integration tests, last line "N passed, N failed"
#   make check-slow   the slow tests (sanitizer build, later real kernels)
#   make SANITIZE=1 check   the same tests built with ASan+UBSan
#   make bench        benchmarks of kpci itself (bench/)
#   make deps         install the Debian packages everything needs
#   make install      PREFIX=/usr/local DESTDIR=
#   make deb          Debian packages in build/debs/ (debian/)

PREFIX  ?= /usr/local
DESTDIR ?=
VERSION := 0.1.0

CC      ?= cc
PKGS    := libgit2 libcurl sqlite3 libmicrohttpd jansson inih hwloc libcrypto zlib libdeflate libpcre2-8
WARN    := -Wall -Wextra -Wmissing-prototypes -Wstrict-prototypes -Wshadow \
	   -Wformat=2 -Wno-format-truncation -Wpointer-arith -Wcast-qual -Wvla -Wno-unused-parameter
ifneq ($(WERROR),0)
WARN    += -Werror
endif
CFLAGS  ?= -O2 -g
# kpci-runner's default [build] kconfig_dir and [suites] dir are under
# SHAREDIR, where `make install` puts them.
SHAREDIR := $(PREFIX)/share/kpci
ALL_CFLAGS = -std=gnu11 $(WARN) $(CPPFLAGS) $(CFLAGS) -D_GNU_SOURCE -DKPCI_VERSION='"$(VERSION)"' \
	     -DKPCI_SHAREDIR='"$(SHAREDIR)"' -I. $(shell pkg-config --cflags $(PKGS))
LDLIBS  := $(shell pkg-config --libs $(PKGS)) -lpthread -lm

ifeq ($(SANITIZE),1)
ALL_CFLAGS += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
LDFLAGS    += -fsanitize=address,undefined
O := build/san
BIN := build/san/bin
else
O := build/opt
BIN := bin
endif

LIB_SRC    := $(filter-out $(EXCLUDE),$(wildcard lib/*.c) $(wildcard lib/maint/*.c) $(wildcard db/*.c))
WEB_SRC    := $(filter-out $(EXCLUDE),$(wildcard web/*.c))
DAEMON_SRC := $(wildcard daemon/*.c daemon/*/*.c)
RUNNER_SRC := $(wildcard runners/*.c)
CLI_SRC    := $(filter-out $(EXCLUDE),$(wildcard cli/*.c))
TEST_SRC   := $(filter-out $(EXCLUDE),$(wildcard tests/unit/test_*.c))
BENCH_SRC  := $(wildcard bench/*.c)

obj = $(patsubst %.c,$(O)/%.o,$(1))
LIBKPCI := $(O)/libkpci.a
# Each program is its main file and an archive of the rest of its folder;
# unit tests and benches link the same archives and take what they use.
DAEMON_MAIN := daemon/main.c
RUNNER_MAIN := runners/main.c
CLI_MAIN    := cli/kpci.c
LIBKPCID    := $(O)/libkpcid.a
LIBRUNNER   := $(O)/librunner.a
LIBCLI      := $(O)/libcli.a
PROG_LIBS   := $(LIBKPCID) $(LIBRUNNER) $(LIBCLI)
MIGRATIONS := $(sort $(wildcard db/migrations/*.sql))

PROGS := $(BIN)/kpcid $(BIN)/kpci-runner $(BIN)/kpci
TESTS := $(patsubst tests/unit/%.c,$(O)/tests/%,$(TEST_SRC))
BENCHES := $(patsubst bench/%.c,$(O)/bench/%,$(BENCH_SRC))

all: $(PROGS)

$(O)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

# The SQL migrations are compiled into the programs: db/migrations.c is
# generated from db/migrations/NNNN-*.sql by db/embed.sh.
# migrations.list is rewritten (at parse time) only when a migration file
# is added or removed, so that a removal regenerates migrations.c too.
$(shell mkdir -p $(O)/gen && (echo '$(MIGRATIONS)' | cmp -s - $(O)/gen/migrations.list || \
	echo '$(MIGRATIONS)' > $(O)/gen/migrations.list))
$(O)/gen/migrations.c: $(MIGRATIONS) $(O)/gen/migrations.list db/embed.sh
	@mkdir -p $(dir $@)
	sh db/embed.sh $(MIGRATIONS) > $@.tmp && mv $@.tmp $@
$(O)/gen/migrations.o: $(O)/gen/migrations.c
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(LIBKPCI): $(call obj,$(LIB_SRC)) $(O)/gen/migrations.o
	@rm -f $@
	ar rcs $@ $^

$(LIBKPCID): $(call obj,$(filter-out $(DAEMON_MAIN),$(DAEMON_SRC)) $(WEB_SRC))
$(LIBRUNNER): $(call obj,$(filter-out $(RUNNER_MAIN),$(RUNNER_SRC)))
$(LIBCLI): $(call obj,$(filter-out $(CLI_MAIN),$(CLI_SRC)))
$(PROG_LIBS):
	@rm -f $@
	ar rcs $@ $^

$(BIN)/kpcid: $(call obj,$(DAEMON_MAIN)) $(LIBKPCID) $(LIBKPCI)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)
$(BIN)/kpci-runner: $(call obj,$(RUNNER_MAIN)) $(LIBRUNNER) $(LIBKPCI)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)
$(BIN)/kpci: $(call obj,$(CLI_MAIN)) $(LIBCLI) $(LIBKPCI)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# The guest side of the qemu boot method (runners/guest/): a
# static kpci-kbench and the init and initramfs builder beside it, in
# $(BIN)/guest/ where kpci-runner looks by default.
GUEST_KBENCH_SRC := runners/guest/kbench_main.c runners/kbench_core.c runners/kbench_measure.c \
		    runners/kbench_insn.c runners/repeat.c lib/mono.c
GUEST := $(BIN)/guest/bin/kpci-kbench $(BIN)/guest/init $(BIN)/guest/mkinitramfs.sh
# the sources of the out-of-tree modules a build runner builds against each
# kernel ([build] modules)
GUEST += $(patsubst runners/%,$(BIN)/%,$(wildcard runners/guest/wq_flush/*))
$(BIN)/guest/bin/kpci-kbench: $(GUEST_KBENCH_SRC) runners/kbench_core.h runners/kbench_insn.h \
				 runners/repeat.h lib/mono.h
	@mkdir -p $(dir $@)
	$(CC) -static -std=gnu11 $(WARN) -O2 -D_GNU_SOURCE -I. -o $@ $(GUEST_KBENCH_SRC) -lpthread -lm
$(BIN)/guest/%: runners/guest/%
	@mkdir -p $(dir $@)
	cp $< $@
guest: $(GUEST)
all: guest
check check-slow: guest

$(O)/tests/%: $(O)/tests/unit/%.o $(PROG_LIBS) $(LIBKPCI)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)
$(O)/bench/%: $(O)/bench/%.o $(PROG_LIBS) $(LIBKPCI)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# T="PATTERN..." runs only the tests whose name holds one of them.  The
# benches are built too (not run), so that a change that breaks one fails
# here rather than in the next `make bench`.
check: $(PROGS) $(TESTS) $(BENCHES)
	KPCI_BIN=$(abspath $(BIN)) KPCI_TESTS=$(abspath $(O)/tests) sh tests/run.sh $(T)

# The source checker (tools/checksrc.sh, docs/CONTRIBUTING.md): banned
# functions, a header comment in every file, line length, no included .c
# file.  It runs before the tests; a finding is FILE:LINE and fails check.
checksrc:
	sh tools/checksrc.sh
check: checksrc
.PHONY: checksrc

# Slow tests (real kernel builds, QEMU boots, end-to-end runs in
# tests/slow/), then the fuzz targets.  CI runs them after `make check`.
# Every slow test that builds a kernel uses one compiler cache,
# KPCI_SLOW_CCACHE (default build/ccache-kernel), so only the first kernel
# build of a run is cold.  `make SANITIZE=1 check` (the whole suite under
# ASan+UBSan, ~10 minutes) is not part of it: CI's time goes to the
# kernel, and the fuzz targets run kpcid's HTTP server, API, pages and
# parsers under the same sanitizers.
KPCI_SLOW_CCACHE ?= $(abspath build/ccache-kernel)
check-slow: $(PROGS) $(TESTS) $(O)/bench/bench_ingest
	mkdir -p $(KPCI_SLOW_CCACHE)
	KPCI_BIN=$(abspath $(BIN)) KPCI_TESTS=$(abspath $(O)/tests) KPCI_SLOW=1 \
		KPCI_SLOW_CCACHE=$(KPCI_SLOW_CCACHE) sh tests/run.sh $(T)
	$(MAKE) fuzz

# The opt-in test of a real local LAVA lab (tests/lava/, root, Debian's
# lava-server and lava-dispatcher installed by hand: docs/runners.md):
# one kpci job through it.  Neither check nor check-slow runs it.
# KPCI_LAVA_KERNEL names the bzImage it boots.
check-lava: $(PROGS) guest
	KPCI_BIN=$(abspath $(BIN)) KPCI_LAVA=1 sh tests/run.sh $(T)
.PHONY: check-lava

# Fuzz targets of the parsers of untrusted input (tests/fuzz/*.c):
# libFuzzer with ASan and UBSan (clang), each run FUZZ_SECONDS from a
# corpus seeded with the saved real outputs; a crash fails the run and
# names its reproducer.  `make check-slow` runs them.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 10
FUZZ_O       := build/fuzz
FUZZ_CFLAGS  := -std=gnu11 -g -O1 -fsanitize=fuzzer,address,undefined \
		-fno-sanitize-recover=all -fno-omit-frame-pointer -D_GNU_SOURCE -I. \
		-DKPCI_VERSION='"$(VERSION)"' $(shell pkg-config --cflags $(PKGS))
FUZZERS := $(FUZZ_O)/fuzz_suite_parse $(FUZZ_O)/fuzz_proto $(FUZZ_O)/fuzz_csvnum \
	   $(FUZZ_O)/fuzz_merge_subject $(FUZZ_O)/fuzz_gitpack
FUZZERS += $(FUZZ_O)/fuzz_http $(FUZZ_O)/fuzz_api $(FUZZ_O)/fuzz_stats $(FUZZ_O)/fuzz_config \
	   $(FUZZ_O)/fuzz_pages $(FUZZ_O)/fuzz_kbuild
$(FUZZ_O)/fuzz_suite_parse: tests/fuzz/fuzz_suite_parse.c runners/suite_parse.c lib/proto.c \
		lib/rec.c lib/rec_names.c lib/rec_runner.c lib/fail.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ $^ $(LDLIBS)
$(FUZZ_O)/fuzz_proto: tests/fuzz/fuzz_proto.c lib/proto.c lib/rec.c lib/rec_names.c \
		lib/rec_runner.c lib/jstream.c lib/buf.c lib/fail.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ $^ $(LDLIBS)
$(FUZZ_O)/fuzz_csvnum: tests/fuzz/fuzz_csvnum.c lib/csvnum.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ $^ $(LDLIBS)
$(FUZZ_O)/fuzz_merge_subject: tests/fuzz/fuzz_merge_subject.c daemon/watch/watch_merge.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ $^ $(LDLIBS)
$(FUZZ_O)/fuzz_gitpack: tests/fuzz/fuzz_gitpack.c lib/gitpack.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ $^ $(LDLIBS)
$(FUZZ_O)/fuzz_kbuild: tests/fuzz/fuzz_kbuild.c lib/kbuild.c lib/buf.c lib/fail.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ $^ $(LDLIBS)
# kpcid's HTTP server in the fuzzer's process (tests/fuzz/kpcid_harness.c):
# daemon/ and web/ instrumented, main.c's main() renamed out of the way.
FUZZ_KPCID := tests/fuzz/kpcid_harness.c $(DAEMON_SRC) $(wildcard web/*.c)
$(FUZZ_O)/fuzz_http $(FUZZ_O)/fuzz_api: $(FUZZ_O)/%: tests/fuzz/%.c $(FUZZ_KPCID) \
		tests/fuzz/kpcid_harness.h $(LIBKPCI)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -Dmain=kpcid_main_unused -o $@ $< $(FUZZ_KPCID) $(LIBKPCI) \
		$(LDLIBS)
$(FUZZ_O)/fuzz_stats: tests/fuzz/fuzz_stats.c lib/stats.c lib/cpd.c lib/cpd_default.c \
		lib/cpd_otava.c lib/cpd_state.c lib/verdict.c $(LIBKPCI)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ $^ $(LDLIBS)
# kpcid's configuration is checked by the modules it configures: all of
# daemon/ is linked, main() renamed out of the way.
$(FUZZ_O)/fuzz_config: tests/fuzz/fuzz_config.c runners/config.c $(DAEMON_SRC) $(wildcard web/*.c) \
		$(LIBKPCI)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -Dmain=kpcid_main_unused -o $@ $^ $(LDLIBS)
$(FUZZ_O)/fuzz_pages: tests/fuzz/fuzz_pages.c $(wildcard web/*.c) lib/buf.c lib/utf8.c $(LIBKPCI)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ $^ $(LDLIBS)
fuzz: $(FUZZERS)
	rm -rf $(FUZZ_O)/run
	sh tests/fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_O)/run $(FUZZERS)

# bench_http_const is the ceiling server of bench/bench_http.sh,
# bench_ingest a part of bench/bench_load.sh and bench_history the
# generator of bench/bench_history.sh: not benches of their own.
bench: $(PROGS) $(BENCHES)
	KPCI_BIN=$(abspath $(BIN)) KPCI_BENCH=$(abspath $(O)/bench) sh bench/run.sh \
		$(filter-out %/bench_http_const %/bench_ingest %/bench_history,$(BENCHES)) \
		bench/bench_http.sh bench/bench_load.sh bench/bench_flood.sh bench/bench_upload.sh \
		bench/bench_fold.sh bench/bench_history.sh

deps:
	sh tools/deps.sh

run: $(PROGS) guest
	sh tools/run-local.sh

# The guest parts go to $(PREFIX)/lib/kpci/guest, where an installed
# kpci-runner ($(PREFIX)/sbin) finds them ([qemu] guest_dir's default).
GUEST_DIR := $(PREFIX)/lib/kpci/guest
install: $(PROGS) guest
	install -d $(DESTDIR)$(GUEST_DIR)/bin $(DESTDIR)$(GUEST_DIR)/wq_flush
	install -m 755 $(BIN)/guest/bin/kpci-kbench $(DESTDIR)$(GUEST_DIR)/bin/
	install -m 755 $(BIN)/guest/init $(BIN)/guest/mkinitramfs.sh $(DESTDIR)$(GUEST_DIR)/
	install -m 644 runners/guest/wq_flush/* $(DESTDIR)$(GUEST_DIR)/wq_flush/
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/sbin
	install -m 755 $(BIN)/kpci $(DESTDIR)$(PREFIX)/bin/kpci
	install -m 755 $(BIN)/kpcid $(BIN)/kpci-runner $(DESTDIR)$(PREFIX)/sbin/
	install -d $(DESTDIR)$(PREFIX)/share/kpci/static $(DESTDIR)$(PREFIX)/share/doc/kpci/examples
	cp -R web/static/. $(DESTDIR)$(PREFIX)/share/kpci/static/
	install -d $(DESTDIR)$(PREFIX)/share/kpci/suites
	install -m 644 configs/suites/*.ini $(DESTDIR)$(PREFIX)/share/kpci/suites/
	install -d $(DESTDIR)$(PREFIX)/share/kpci/kconfig
	install -m 644 configs/kconfig/* $(DESTDIR)$(PREFIX)/share/kpci/kconfig/
	install -m 644 configs/*.ini $(DESTDIR)$(PREFIX)/share/doc/kpci/examples/
	install -d $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/man/man8
	install -m 644 man/kpci.1 $(DESTDIR)$(PREFIX)/share/man/man1/
	install -m 644 man/kpcid.8 man/kpci-runner.8 $(DESTDIR)$(PREFIX)/share/man/man8/
	install -d $(DESTDIR)$(PREFIX)/lib/systemd/system
	sed 's|@SBINDIR@|$(PREFIX)/sbin|g' configs/systemd/kpcid.service > $(DESTDIR)$(PREFIX)/lib/systemd/system/kpcid.service
	sed 's|@SBINDIR@|$(PREFIX)/sbin|g' configs/systemd/kpci-runner.service > $(DESTDIR)$(PREFIX)/lib/systemd/system/kpci-runner.service

# Debian packages kpcid, kpci-runner and kpci (debian/, debhelper) in
# build/debs/, built with PREFIX=/usr in build/deb/.  Their version is
# debian/changelog's, which must be VERSION: one version everywhere.
deb:
	@v=$$(dpkg-parsechangelog -S Version); [ "$$v" = "$(VERSION)" ] || \
		{ echo "deb: debian/changelog says $$v, the Makefile's VERSION $(VERSION)" >&2; exit 1; }
	dpkg-checkbuilddeps
	debian/rules binary
	ls build/debs/*.deb
.PHONY: deb

clean:
	rm -rf build bin

.PHONY: all check check-slow bench deps run install clean guest fuzz
.SECONDARY:

-include $(shell find $(O) -name '*.d' 2>/dev/null)
