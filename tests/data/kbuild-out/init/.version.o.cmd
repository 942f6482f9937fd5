savedcmd_init/version.o := ccache gcc -Wp,-MMD,init/.version.o.d -nostdinc -I/work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include -I./arch/x86/include/generated -I/work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include -I./include -I/work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/uapi -I./arch/x86/include/generated/uapi -I/work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi -I./include/generated/uapi -include /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/compiler-version.h -include /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/kconfig.h -include /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/compiler_types.h -D__KERNEL__ -fmacro-prefix-map=/work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/= -std=gnu11 -fshort-wchar -funsigned-char -fno-common -fno-PIE -fno-strict-aliasing -mno-sse -mno-mmx -mno-sse2 -mno-3dnow -mno-avx -fcf-protection=branch -fno-jump-tables -m64 -falign-jumps=1 -falign-loops=1 -mno-80387 -mno-fp-ret-in-387 -mpreferred-stack-boundary=3 -mskip-rax-setup -mtune=generic -mno-red-zone -mcmodel=kernel -Wno-sign-compare -fno-asynchronous-unwind-tables -fno-delete-null-pointer-checks -Os -fno-allow-store-data-races -fno-stack-protector -fomit-frame-pointer -ftrivial-auto-var-init=zero -fno-stack-clash-protection -falign-functions=16 -fno-strict-overflow -fno-stack-check -fconserve-stack -fno-builtin-wcslen -fno-builtin-wcslen -Wall -Wextra -Wundef -Werror=implicit-function-declaration -Werror=implicit-int -Werror=return-type -Werror=strict-prototypes -Wno-format-security -Wno-trigraphs -Wno-frame-address -Wno-address-of-packed-member -Wmissing-declarations -Wmissing-prototypes -Wframe-larger-than=1024 -Wno-main -Wno-dangling-pointer -Wvla -Wno-pointer-sign -Wcast-function-type -Wno-array-bounds -Wno-stringop-overflow -Wno-alloc-size-larger-than -Wimplicit-fallthrough=5 -Werror=date-time -Werror=incompatible-pointer-types -Werror=designated-init -Wenum-conversion -Wunused -Wno-unused-but-set-variable -Wno-unused-const-variable -Wno-packed-not-aligned -Wno-format-overflow -Wno-format-truncation -Wno-stringop-truncation -Wno-override-init -Wno-missing-field-initializers -Wno-type-limits -Wno-shift-negative-value -Wno-maybe-uninitialized -Wno-sign-compare -Wno-unused-parameter -fno-function-sections -fno-data-sections -include init/utsversion-tmp.h -I/work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/init -Iinit    -DKBUILD_MODFILE='"init/version"' -DKBUILD_BASENAME='"version"' -DKBUILD_MODNAME='"version"' -D__KBUILD_MODNAME=kmod_version -c -o init/version.o /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/init/version.c  

source_init/version.o := /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/init/version.c

deps_init/version.o := \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/compiler-version.h \
    $(wildcard include/config/CC_VERSION_TEXT) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/kconfig.h \
    $(wildcard include/config/CPU_BIG_ENDIAN) \
    $(wildcard include/config/BOOGER) \
    $(wildcard include/config/FOO) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/compiler_types.h \
    $(wildcard include/config/DEBUG_INFO_BTF) \
    $(wildcard include/config/PAHOLE_HAS_BTF_TAG) \
    $(wildcard include/config/FUNCTION_ALIGNMENT) \
    $(wildcard include/config/CC_HAS_SANE_FUNCTION_ALIGNMENT) \
    $(wildcard include/config/X86_64) \
    $(wildcard include/config/ARM64) \
    $(wildcard include/config/LD_DEAD_CODE_DATA_ELIMINATION) \
    $(wildcard include/config/LTO_CLANG) \
    $(wildcard include/config/HAVE_ARCH_COMPILER_H) \
    $(wildcard include/config/KCSAN) \
    $(wildcard include/config/CC_HAS_COUNTED_BY) \
    $(wildcard include/config/UBSAN_SIGNED_WRAP) \
    $(wildcard include/config/CC_HAS_ASM_INLINE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/compiler-context-analysis.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/compiler_attributes.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/compiler-gcc.h \
    $(wildcard include/config/MITIGATION_RETPOLINE) \
    $(wildcard include/config/ARCH_USE_BUILTIN_BSWAP) \
    $(wildcard include/config/SHADOW_CALL_STACK) \
    $(wildcard include/config/KCOV) \
  init/utsversion-tmp.h \
  include/generated/compile.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/build-salt.h \
    $(wildcard include/config/BUILD_SALT) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/elfnote.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/elf.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/types.h \
    $(wildcard include/config/HAVE_UID16) \
    $(wildcard include/config/UID16) \
    $(wildcard include/config/ARCH_DMA_ADDR_T_64BIT) \
    $(wildcard include/config/PHYS_ADDR_T_64BIT) \
    $(wildcard include/config/64BIT) \
    $(wildcard include/config/ARCH_32BIT_USTAT_F_TINODE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/types.h \
  arch/x86/include/generated/uapi/asm/types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/asm-generic/types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/int-ll64.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/asm-generic/int-ll64.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/uapi/asm/bitsperlong.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/bitsperlong.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/asm-generic/bitsperlong.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/posix_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/stddef.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/stddef.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/posix_types.h \
    $(wildcard include/config/X86_32) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/uapi/asm/posix_types_64.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/asm-generic/posix_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/elf-em.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/elfnote-lto.h \
    $(wildcard include/config/LTO) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/export.h \
    $(wildcard include/config/MODVERSIONS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/compiler.h \
    $(wildcard include/config/TRACE_BRANCH_PROFILING) \
    $(wildcard include/config/PROFILE_ALL_BRANCHES) \
    $(wildcard include/config/OBJTOOL) \
  arch/x86/include/generated/asm/rwonce.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/rwonce.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/kasan-checks.h \
    $(wildcard include/config/KASAN_GENERIC) \
    $(wildcard include/config/KASAN_SW_TAGS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/kcsan-checks.h \
    $(wildcard include/config/KCSAN_WEAK_MEMORY) \
    $(wildcard include/config/KCSAN_IGNORE_ATOMICS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/linkage.h \
    $(wildcard include/config/ARCH_USE_SYM_ANNOTATIONS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/stringify.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/linkage.h \
    $(wildcard include/config/CALL_PADDING) \
    $(wildcard include/config/MITIGATION_RETHUNK) \
    $(wildcard include/config/MITIGATION_SLS) \
    $(wildcard include/config/FUNCTION_PADDING_BYTES) \
    $(wildcard include/config/UML) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/ibt.h \
    $(wildcard include/config/X86_KERNEL_IBT) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/init.h \
    $(wildcard include/config/MEMORY_HOTPLUG) \
    $(wildcard include/config/HAVE_ARCH_PREL32_RELOCATIONS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/build_bug.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/printk.h \
    $(wildcard include/config/MESSAGE_LOGLEVEL_DEFAULT) \
    $(wildcard include/config/CONSOLE_LOGLEVEL_DEFAULT) \
    $(wildcard include/config/CONSOLE_LOGLEVEL_QUIET) \
    $(wildcard include/config/EARLY_PRINTK) \
    $(wildcard include/config/PRINTK) \
    $(wildcard include/config/SMP) \
    $(wildcard include/config/PRINTK_INDEX) \
    $(wildcard include/config/DYNAMIC_DEBUG) \
    $(wildcard include/config/DYNAMIC_DEBUG_CORE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/stdarg.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/kern_levels.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/ratelimit_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/bits.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/const.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/vdso/const.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/const.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/vdso/bits.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/bits.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/overflow.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/limits.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/limits.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/vdso/limits.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/param.h \
  arch/x86/include/generated/uapi/asm/param.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/param.h \
    $(wildcard include/config/HZ) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/asm-generic/param.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/spinlock_types_raw.h \
    $(wildcard include/config/DEBUG_SPINLOCK) \
    $(wildcard include/config/DEBUG_LOCK_ALLOC) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/spinlock_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/qspinlock_types.h \
    $(wildcard include/config/NR_CPUS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/qrwlock_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/uapi/asm/byteorder.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/byteorder/little_endian.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/byteorder/little_endian.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/swab.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/swab.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/uapi/asm/swab.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/byteorder/generic.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/lockdep_types.h \
    $(wildcard include/config/PROVE_RAW_LOCK_NESTING) \
    $(wildcard include/config/LOCKDEP) \
    $(wildcard include/config/LOCK_STAT) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/once_lite.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/uts.h \
    $(wildcard include/config/DEFAULT_HOSTNAME) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/utsname.h \
    $(wildcard include/config/UTS_NS) \
    $(wildcard include/config/PROC_SYSCTL) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/sched.h \
    $(wildcard include/config/DEBUG_ATOMIC_SLEEP) \
    $(wildcard include/config/PREEMPT_RT) \
    $(wildcard include/config/VIRT_CPU_ACCOUNTING_NATIVE) \
    $(wildcard include/config/SCHED_INFO) \
    $(wildcard include/config/SCHEDSTATS) \
    $(wildcard include/config/SCHED_CORE) \
    $(wildcard include/config/FAIR_GROUP_SCHED) \
    $(wildcard include/config/RT_GROUP_SCHED) \
    $(wildcard include/config/RT_MUTEXES) \
    $(wildcard include/config/UCLAMP_TASK) \
    $(wildcard include/config/UCLAMP_BUCKETS_COUNT) \
    $(wildcard include/config/KMAP_LOCAL) \
    $(wildcard include/config/THREAD_INFO_IN_TASK) \
    $(wildcard include/config/MEM_ALLOC_PROFILING) \
    $(wildcard include/config/SCHED_CLASS_EXT) \
    $(wildcard include/config/CGROUP_SCHED) \
    $(wildcard include/config/PREEMPT_NOTIFIERS) \
    $(wildcard include/config/BLK_DEV_IO_TRACE) \
    $(wildcard include/config/PREEMPT_RCU) \
    $(wildcard include/config/TASKS_RCU) \
    $(wildcard include/config/TASKS_TRACE_RCU) \
    $(wildcard include/config/MEMCG_V1) \
    $(wildcard include/config/LRU_GEN) \
    $(wildcard include/config/COMPAT_BRK) \
    $(wildcard include/config/CGROUPS) \
    $(wildcard include/config/BLK_CGROUP) \
    $(wildcard include/config/PSI) \
    $(wildcard include/config/PAGE_OWNER) \
    $(wildcard include/config/EVENTFD) \
    $(wildcard include/config/ARCH_HAS_CPU_PASID) \
    $(wildcard include/config/CPU_SUP_INTEL) \
    $(wildcard include/config/TASK_DELAY_ACCT) \
    $(wildcard include/config/STACKPROTECTOR) \
    $(wildcard include/config/ARCH_HAS_SCALED_CPUTIME) \
    $(wildcard include/config/VIRT_CPU_ACCOUNTING_GEN) \
    $(wildcard include/config/NO_HZ_FULL) \
    $(wildcard include/config/POSIX_CPUTIMERS) \
    $(wildcard include/config/POSIX_CPU_TIMERS_TASK_WORK) \
    $(wildcard include/config/KEYS) \
    $(wildcard include/config/SYSVIPC) \
    $(wildcard include/config/DETECT_HUNG_TASK) \
    $(wildcard include/config/IO_URING) \
    $(wildcard include/config/AUDIT) \
    $(wildcard include/config/AUDITSYSCALL) \
    $(wildcard include/config/DEBUG_MUTEXES) \
    $(wildcard include/config/TRACE_IRQFLAGS) \
    $(wildcard include/config/UBSAN) \
    $(wildcard include/config/UBSAN_TRAP) \
    $(wildcard include/config/COMPACTION) \
    $(wildcard include/config/TASK_XACCT) \
    $(wildcard include/config/CPUSETS) \
    $(wildcard include/config/X86_CPU_RESCTRL) \
    $(wildcard include/config/FUTEX) \
    $(wildcard include/config/COMPAT) \
    $(wildcard include/config/PERF_EVENTS) \
    $(wildcard include/config/DEBUG_PREEMPT) \
    $(wildcard include/config/NUMA) \
    $(wildcard include/config/NUMA_BALANCING) \
    $(wildcard include/config/RSEQ) \
    $(wildcard include/config/SCHED_MM_CID) \
    $(wildcard include/config/FAULT_INJECTION) \
    $(wildcard include/config/LATENCYTOP) \
    $(wildcard include/config/KMSAN) \
    $(wildcard include/config/KUNIT) \
    $(wildcard include/config/FUNCTION_GRAPH_TRACER) \
    $(wildcard include/config/TRACING) \
    $(wildcard include/config/MEMCG) \
    $(wildcard include/config/UPROBES) \
    $(wildcard include/config/BCACHE) \
    $(wildcard include/config/MMU) \
    $(wildcard include/config/VMAP_STACK) \
    $(wildcard include/config/LIVEPATCH) \
    $(wildcard include/config/SECURITY) \
    $(wildcard include/config/BPF_SYSCALL) \
    $(wildcard include/config/GCC_PLUGIN_STACKLEAK) \
    $(wildcard include/config/RANDOMIZE_KSTACK_OFFSET) \
    $(wildcard include/config/X86_MCE) \
    $(wildcard include/config/KRETPROBES) \
    $(wildcard include/config/RETHOOK) \
    $(wildcard include/config/ARCH_HAS_PARANOID_L1D_FLUSH) \
    $(wildcard include/config/RV) \
    $(wildcard include/config/USER_EVENTS) \
    $(wildcard include/config/PREEMPTION) \
    $(wildcard include/config/PREEMPT_DYNAMIC) \
    $(wildcard include/config/HAVE_PREEMPT_DYNAMIC_CALL) \
    $(wildcard include/config/HAVE_PREEMPT_DYNAMIC_KEY) \
    $(wildcard include/config/MEM_ALLOC_PROFILING_DEBUG) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/sched.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/current.h \
    $(wildcard include/config/MITIGATION_CALL_DEPTH_TRACKING) \
    $(wildcard include/config/USE_X86_SEG_SUPPORT) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/cache.h \
    $(wildcard include/config/ARCH_HAS_CACHE_LINE_SIZE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/kernel.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/sysinfo.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/cache.h \
    $(wildcard include/config/X86_L1_CACHE_SHIFT) \
    $(wildcard include/config/X86_INTERNODE_CACHE_SHIFT) \
    $(wildcard include/config/X86_VSMP) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/percpu.h \
    $(wildcard include/config/X86_64_SMP) \
    $(wildcard include/config/CC_HAS_NAMED_AS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/asm.h \
    $(wildcard include/config/KPROBES) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/extable_fixup_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/percpu.h \
    $(wildcard include/config/HAVE_SETUP_PER_CPU_AREA) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/threads.h \
    $(wildcard include/config/BASE_SMALL) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/percpu-defs.h \
    $(wildcard include/config/DEBUG_FORCE_WEAK_PER_CPU) \
    $(wildcard include/config/AMD_MEM_ENCRYPT) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/processor.h \
    $(wildcard include/config/X86_VMX_FEATURE_NAMES) \
    $(wildcard include/config/X86_IOPL_IOPERM) \
    $(wildcard include/config/VM86) \
    $(wildcard include/config/X86_USER_SHADOW_STACK) \
    $(wildcard include/config/PARAVIRT_XXL) \
    $(wildcard include/config/CPU_SUP_AMD) \
    $(wildcard include/config/XEN) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/processor-flags.h \
    $(wildcard include/config/MITIGATION_PAGE_TABLE_ISOLATION) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/uapi/asm/processor-flags.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/mem_encrypt.h \
    $(wildcard include/config/ARCH_HAS_MEM_ENCRYPT) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/mem_encrypt.h \
    $(wildcard include/config/X86_MEM_ENCRYPT) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/cc_platform.h \
    $(wildcard include/config/ARCH_HAS_CC_PLATFORM) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/math_emu.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/ptrace.h \
    $(wildcard include/config/PARAVIRT) \
    $(wildcard include/config/IA32_EMULATION) \
    $(wildcard include/config/X86_DEBUGCTLMSR) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/segment.h \
    $(wildcard include/config/XEN_PV) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/alternative.h \
    $(wildcard include/config/CALL_THUNKS) \
    $(wildcard include/config/MITIGATION_ITS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/bug.h \
    $(wildcard include/config/GENERIC_BUG) \
    $(wildcard include/config/DEBUG_BUGVERBOSE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/instrumentation.h \
    $(wildcard include/config/NOINSTR_VALIDATION) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/objtool.h \
    $(wildcard include/config/FRAME_POINTER) \
    $(wildcard include/config/MITIGATION_UNRET_ENTRY) \
    $(wildcard include/config/MITIGATION_SRSO) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/objtool_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/bug.h \
    $(wildcard include/config/BUG) \
    $(wildcard include/config/GENERIC_BUG_RELATIVE_POINTERS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/panic.h \
    $(wildcard include/config/PANIC_TIMEOUT) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/page_types.h \
    $(wildcard include/config/PAGE_SHIFT) \
    $(wildcard include/config/PHYSICAL_START) \
    $(wildcard include/config/PHYSICAL_ALIGN) \
    $(wildcard include/config/DYNAMIC_PHYSICAL_MASK) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/page_64_types.h \
    $(wildcard include/config/KASAN) \
    $(wildcard include/config/DYNAMIC_MEMORY_LAYOUT) \
    $(wildcard include/config/X86_5LEVEL) \
    $(wildcard include/config/RANDOMIZE_BASE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/kaslr.h \
    $(wildcard include/config/RANDOMIZE_MEMORY) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/uapi/asm/ptrace.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/uapi/asm/ptrace-abi.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/paravirt_types.h \
    $(wildcard include/config/PGTABLE_LEVELS) \
    $(wildcard include/config/ZERO_CALL_USED_REGS) \
    $(wildcard include/config/PARAVIRT_DEBUG) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/desc_defs.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/pgtable_types.h \
    $(wildcard include/config/X86_INTEL_MEMORY_PROTECTION_KEYS) \
    $(wildcard include/config/X86_PAE) \
    $(wildcard include/config/MEM_SOFT_DIRTY) \
    $(wildcard include/config/HAVE_ARCH_USERFAULTFD_WP) \
    $(wildcard include/config/PROC_FS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/pgtable_64_types.h \
    $(wildcard include/config/DEBUG_KMAP_LOCAL_FORCE_MAP) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/sparsemem.h \
    $(wildcard include/config/SPARSEMEM) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/nospec-branch.h \
    $(wildcard include/config/CALL_THUNKS_DEBUG) \
    $(wildcard include/config/MITIGATION_IBPB_ENTRY) \
    $(wildcard include/config/BPF_JIT) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/static_key.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/jump_label.h \
    $(wildcard include/config/JUMP_LABEL) \
    $(wildcard include/config/HAVE_ARCH_JUMP_LABEL_RELATIVE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/atomic.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/atomic.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/cmpxchg.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/cpufeatures.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/required-features.h \
    $(wildcard include/config/X86_MINIMUM_CPU_FAMILY) \
    $(wildcard include/config/MATH_EMULATION) \
    $(wildcard include/config/X86_CMPXCHG64) \
    $(wildcard include/config/X86_CMOV) \
    $(wildcard include/config/X86_P6_NOP) \
    $(wildcard include/config/MATOM) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/disabled-features.h \
    $(wildcard include/config/X86_UMIP) \
    $(wildcard include/config/ADDRESS_MASKING) \
    $(wildcard include/config/INTEL_IOMMU_SVM) \
    $(wildcard include/config/X86_SGX) \
    $(wildcard include/config/INTEL_TDX_GUEST) \
    $(wildcard include/config/X86_FRED) \
    $(wildcard include/config/KVM_AMD_SEV) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/cmpxchg_64.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/rmwcc.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/args.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/barrier.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/nops.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/barrier.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/atomic64_64.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/atomic/atomic-arch-fallback.h \
    $(wildcard include/config/GENERIC_ATOMIC64) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/atomic/atomic-long.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/atomic/atomic-instrumented.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/instrumented.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/kmsan-checks.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/bug.h \
    $(wildcard include/config/BUG_ON_DATA_CORRUPTION) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/msr-index.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/unwind_hints.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/orc_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/proto.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/uapi/asm/ldt.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/uapi/asm/sigcontext.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/cpuid.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/string.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/string_64.h \
    $(wildcard include/config/ARCH_HAS_UACCESS_FLUSHCACHE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/page.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/page_64.h \
    $(wildcard include/config/DEBUG_VIRTUAL) \
    $(wildcard include/config/X86_VSYSCALL_EMULATION) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/range.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/memory_model.h \
    $(wildcard include/config/FLATMEM) \
    $(wildcard include/config/SPARSEMEM_VMEMMAP) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/pfn.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/getorder.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/log2.h \
    $(wildcard include/config/ARCH_HAS_ILOG2_U32) \
    $(wildcard include/config/ARCH_HAS_ILOG2_U64) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/bitops.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/typecheck.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/bitops/generic-non-atomic.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/bitops.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/bitops/sched.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/arch_hweight.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/bitops/const_hweight.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/bitops/instrumented-atomic.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/bitops/instrumented-non-atomic.h \
    $(wildcard include/config/KCSAN_ASSUME_PLAIN_WRITES_ATOMIC) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/bitops/instrumented-lock.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/bitops/le.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/bitops/ext2-atomic-setbit.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/special_insns.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/errno.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/errno.h \
  arch/x86/include/generated/uapi/asm/errno.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/asm-generic/errno.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/asm-generic/errno-base.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/irqflags.h \
    $(wildcard include/config/PROVE_LOCKING) \
    $(wildcard include/config/IRQSOFF_TRACER) \
    $(wildcard include/config/PREEMPT_TRACER) \
    $(wildcard include/config/DEBUG_IRQFLAGS) \
    $(wildcard include/config/TRACE_IRQFLAGS_SUPPORT) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/irqflags_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/cleanup.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/irqflags.h \
    $(wildcard include/config/DEBUG_ENTRY) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/fpu/types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/vmxfeatures.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/vdso/processor.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/shstk.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/personality.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/personality.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/math64.h \
    $(wildcard include/config/ARCH_SUPPORTS_INT128) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/math.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/div64.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/div64.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/vdso/math64.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/err.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/thread_info.h \
    $(wildcard include/config/GENERIC_ENTRY) \
    $(wildcard include/config/HAVE_ARCH_WITHIN_STACK_FRAMES) \
    $(wildcard include/config/HARDENED_USERCOPY) \
    $(wildcard include/config/SH) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/restart_block.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/thread_info.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/cpufeature.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/preempt.h \
    $(wildcard include/config/PREEMPT_COUNT) \
    $(wildcard include/config/TRACE_PREEMPT_TOGGLE) \
    $(wildcard include/config/PREEMPT_NONE) \
    $(wildcard include/config/PREEMPT_VOLUNTARY) \
    $(wildcard include/config/PREEMPT) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/preempt.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/static_call_types.h \
    $(wildcard include/config/HAVE_STATIC_CALL) \
    $(wildcard include/config/HAVE_STATIC_CALL_INLINE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/cpumask_types.h \
    $(wildcard include/config/CPUMASK_OFFSTACK) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/smp_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/llist.h \
    $(wildcard include/config/ARCH_HAVE_NMI_SAFE_CMPXCHG) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/container_of.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/pid_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/sem_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/shm.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/shmparam.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/kmsan_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/mutex_types.h \
    $(wildcard include/config/MUTEX_SPIN_ON_OWNER) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/osq_lock.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/spinlock_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/rwlock_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/plist_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/hrtimer_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/timerqueue_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/rbtree_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/timer_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/seccomp_types.h \
    $(wildcard include/config/SECCOMP) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/nodemask_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/numa.h \
    $(wildcard include/config/NODES_SHIFT) \
    $(wildcard include/config/NUMA_KEEP_MEMINFO) \
    $(wildcard include/config/HAVE_ARCH_NODE_DEV_GROUP) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/refcount_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/resource.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/resource.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/time_types.h \
  arch/x86/include/generated/uapi/asm/resource.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/resource.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/asm-generic/resource.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/latencytop.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/sched/prio.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/sched/types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/signal_types.h \
    $(wildcard include/config/OLD_SIGACTION) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/signal.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/signal.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/uapi/asm/signal.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/asm-generic/signal-defs.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/uapi/asm/siginfo.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/asm-generic/siginfo.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/syscall_user_dispatch_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/mm_types_task.h \
    $(wildcard include/config/ARCH_WANT_BATCHED_UNMAP_TLB_FLUSH) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/tlbbatch.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/cpumask.h \
    $(wildcard include/config/FORCE_NR_CPUS) \
    $(wildcard include/config/HOTPLUG_CPU) \
    $(wildcard include/config/DEBUG_PER_CPU_MAPS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/kernel.h \
    $(wildcard include/config/PREEMPT_VOLUNTARY_BUILD) \
    $(wildcard include/config/PREEMPT_) \
    $(wildcard include/config/FTRACE_MCOUNT_RECORD) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/align.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/array_size.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/hex.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/kstrtox.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/minmax.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/sprintf.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/instruction_pointer.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/wordpart.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/bitmap.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/find.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/string.h \
    $(wildcard include/config/BINARY_PRINTF) \
    $(wildcard include/config/FORTIFY_SOURCE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/string.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/bitmap-str.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/gfp_types.h \
    $(wildcard include/config/KASAN_HW_TAGS) \
    $(wildcard include/config/SLAB_OBJ_EXT) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/netdevice_xmit.h \
    $(wildcard include/config/NET_ACT_MIRRED) \
    $(wildcard include/config/NET_EGRESS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/task_io_accounting.h \
    $(wildcard include/config/TASK_IO_ACCOUNTING) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/posix-timers_types.h \
    $(wildcard include/config/POSIX_TIMERS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/rseq.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/seqlock_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/kcsan.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/rv.h \
    $(wildcard include/config/RV_REACTORS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/livepatch_sched.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/uidgid_types.h \
  arch/x86/include/generated/asm/kmap_size.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/kmap_size.h \
    $(wildcard include/config/DEBUG_KMAP_LOCAL) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/sched/ext.h \
    $(wildcard include/config/EXT_GROUP_SCHED) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/spinlock.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/bottom_half.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/lockdep.h \
    $(wildcard include/config/DEBUG_LOCKING_API_SELFTESTS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/smp.h \
    $(wildcard include/config/UP_LATE_INIT) \
    $(wildcard include/config/CSD_LOCK_WAIT_DEBUG) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/list.h \
    $(wildcard include/config/LIST_HARDENED) \
    $(wildcard include/config/DEBUG_LIST) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/poison.h \
    $(wildcard include/config/ILLEGAL_POINTER_VALUE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/smp.h \
    $(wildcard include/config/DEBUG_NMI_SELFTEST) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/cpumask.h \
  arch/x86/include/generated/asm/mmiowb.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/mmiowb.h \
    $(wildcard include/config/MMIOWB) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/spinlock.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/paravirt.h \
    $(wildcard include/config/PARAVIRT_SPINLOCKS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/frame.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/qspinlock.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/qspinlock.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/qrwlock.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/qrwlock.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/rwlock.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/spinlock_api_smp.h \
    $(wildcard include/config/INLINE_SPIN_LOCK) \
    $(wildcard include/config/INLINE_SPIN_LOCK_BH) \
    $(wildcard include/config/INLINE_SPIN_LOCK_IRQ) \
    $(wildcard include/config/INLINE_SPIN_LOCK_IRQSAVE) \
    $(wildcard include/config/INLINE_SPIN_TRYLOCK) \
    $(wildcard include/config/INLINE_SPIN_TRYLOCK_BH) \
    $(wildcard include/config/UNINLINE_SPIN_UNLOCK) \
    $(wildcard include/config/INLINE_SPIN_UNLOCK_BH) \
    $(wildcard include/config/INLINE_SPIN_UNLOCK_IRQ) \
    $(wildcard include/config/INLINE_SPIN_UNLOCK_IRQRESTORE) \
    $(wildcard include/config/GENERIC_LOCKBREAK) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/rwlock_api_smp.h \
    $(wildcard include/config/INLINE_READ_LOCK) \
    $(wildcard include/config/INLINE_WRITE_LOCK) \
    $(wildcard include/config/INLINE_READ_LOCK_BH) \
    $(wildcard include/config/INLINE_WRITE_LOCK_BH) \
    $(wildcard include/config/INLINE_READ_LOCK_IRQ) \
    $(wildcard include/config/INLINE_WRITE_LOCK_IRQ) \
    $(wildcard include/config/INLINE_READ_LOCK_IRQSAVE) \
    $(wildcard include/config/INLINE_WRITE_LOCK_IRQSAVE) \
    $(wildcard include/config/INLINE_READ_TRYLOCK) \
    $(wildcard include/config/INLINE_WRITE_TRYLOCK) \
    $(wildcard include/config/INLINE_READ_UNLOCK) \
    $(wildcard include/config/INLINE_WRITE_UNLOCK) \
    $(wildcard include/config/INLINE_READ_UNLOCK_BH) \
    $(wildcard include/config/INLINE_WRITE_UNLOCK_BH) \
    $(wildcard include/config/INLINE_READ_UNLOCK_IRQ) \
    $(wildcard include/config/INLINE_WRITE_UNLOCK_IRQ) \
    $(wildcard include/config/INLINE_READ_UNLOCK_IRQRESTORE) \
    $(wildcard include/config/INLINE_WRITE_UNLOCK_IRQRESTORE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/nsproxy.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/refcount.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/ns_common.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/utsname.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/proc_ns.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/init/version-timestamp.c \
  include/generated/utsrelease.h \

init/version.o: $(deps_init/version.o)

$(deps_init/version.o):
