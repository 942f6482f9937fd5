savedcmd_scripts/basic/fixdep := gcc -Wp,-MMD,scripts/basic/.fixdep.d -Wall -Wmissing-prototypes -Wstrict-prototypes -O2 -fomit-frame-pointer -std=gnu11   -I /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/scripts/include   -I ./scripts/basic   -o scripts/basic/fixdep /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/scripts/basic/fixdep.c   

source_scripts/basic/fixdep := /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/scripts/basic/fixdep.c

deps_scripts/basic/fixdep := \
    $(wildcard include/config/HIS_DRIVER) \
    $(wildcard include/config/MY_OPTION) \
    $(wildcard include/config/FOO) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/scripts/include/xalloc.h \

scripts/basic/fixdep: $(deps_scripts/basic/fixdep)

$(deps_scripts/basic/fixdep):
