savedcmd_kernel/sys.o := ccache gcc -Wp,-MMD,kernel/.sys.o.d -nostdinc -I/work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include -I./arch/x86/include/generated -I/work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include -I./include -I/work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/uapi -I./arch/x86/include/generated/uapi -I/work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi -I./include/generated/uapi -include /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/compiler-version.h -include /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/kconfig.h -include /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/compiler_types.h -D__KERNEL__ -fmacro-prefix-map=/work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/= -std=gnu11 -fshort-wchar -funsigned-char -fno-common -fno-PIE -fno-strict-aliasing -mno-sse -mno-mmx -mno-sse2 -mno-3dnow -mno-avx -fcf-protection=branch -fno-jump-tables -m64 -falign-jumps=1 -falign-loops=1 -mno-80387 -mno-fp-ret-in-387 -mpreferred-stack-boundary=3 -mskip-rax-setup -mtune=generic -mno-red-zone -mcmodel=kernel -Wno-sign-compare -fno-asynchronous-unwind-tables -fno-delete-null-pointer-checks -Os -fno-allow-store-data-races -fno-stack-protector -fomit-frame-pointer -ftrivial-auto-var-init=zero -fno-stack-clash-protection -falign-functions=16 -fno-strict-overflow -fno-stack-check -fconserve-stack -fno-builtin-wcslen -fno-builtin-wcslen -Wall -Wextra -Wundef -Werror=implicit-function-declaration -Werror=implicit-int -Werror=return-type -Werror=strict-prototypes -Wno-format-security -Wno-trigraphs -Wno-frame-address -Wno-address-of-packed-member -Wmissing-declarations -Wmissing-prototypes -Wframe-larger-than=1024 -Wno-main -Wno-dangling-pointer -Wvla -Wno-pointer-sign -Wcast-function-type -Wno-array-bounds -Wno-stringop-overflow -Wno-alloc-size-larger-than -Wimplicit-fallthrough=5 -Werror=date-time -Werror=incompatible-pointer-types -Werror=designated-init -Wenum-conversion -Wunused -Wno-unused-but-set-variable -Wno-unused-const-variable -Wno-packed-not-aligned -Wno-format-overflow -Wno-format-truncation -Wno-stringop-truncation -Wno-override-init -Wno-missing-field-initializers -Wno-type-limits -Wno-shift-negative-value -Wno-maybe-uninitialized -Wno-sign-compare -Wno-unused-parameter -I/work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/kernel -Ikernel    -DKBUILD_MODFILE='"kernel/sys"' -DKBUILD_BASENAME='"sys"' -DKBUILD_MODNAME='"sys"' -D__KBUILD_MODNAME=kmod_sys -c -o kernel/sys.o /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/kernel/sys.c  

source_kernel/sys.o := /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/kernel/sys.c

deps_kernel/sys.o := \
    $(wildcard include/config/MULTIUSER) \
    $(wildcard include/config/COMPAT) \
    $(wildcard include/config/POSIX_TIMERS) \
    $(wildcard include/config/CHECKPOINT_RESTORE) \
    $(wildcard include/config/ANON_VMA_NAME) \
    $(wildcard include/config/SCHED_CORE) \
    $(wildcard include/config/KSM) \
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
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/export.h \
    $(wildcard include/config/MODVERSIONS) \
    $(wildcard include/config/64BIT) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/compiler.h \
    $(wildcard include/config/TRACE_BRANCH_PROFILING) \
    $(wildcard include/config/PROFILE_ALL_BRANCHES) \
    $(wildcard include/config/OBJTOOL) \
  arch/x86/include/generated/asm/rwonce.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/rwonce.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/kasan-checks.h \
    $(wildcard include/config/KASAN_GENERIC) \
    $(wildcard include/config/KASAN_SW_TAGS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/types.h \
    $(wildcard include/config/HAVE_UID16) \
    $(wildcard include/config/UID16) \
    $(wildcard include/config/ARCH_DMA_ADDR_T_64BIT) \
    $(wildcard include/config/PHYS_ADDR_T_64BIT) \
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
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/mm.h \
    $(wildcard include/config/NUMA) \
    $(wildcard include/config/SYSCTL) \
    $(wildcard include/config/HAVE_ARCH_MMAP_RND_BITS) \
    $(wildcard include/config/HAVE_ARCH_MMAP_RND_COMPAT_BITS) \
    $(wildcard include/config/SPARSEMEM) \
    $(wildcard include/config/SPARSEMEM_VMEMMAP) \
    $(wildcard include/config/MMU) \
    $(wildcard include/config/MEM_SOFT_DIRTY) \
    $(wildcard include/config/ARCH_USES_HIGH_VMA_FLAGS) \
    $(wildcard include/config/ARCH_HAS_PKEYS) \
    $(wildcard include/config/ARCH_PKEY_BITS) \
    $(wildcard include/config/X86_USER_SHADOW_STACK) \
    $(wildcard include/config/X86) \
    $(wildcard include/config/PPC64) \
    $(wildcard include/config/PARISC) \
    $(wildcard include/config/SPARC64) \
    $(wildcard include/config/ARM64_MTE) \
    $(wildcard include/config/HAVE_ARCH_USERFAULTFD_MINOR) \
    $(wildcard include/config/PPC32) \
    $(wildcard include/config/STACK_GROWSUP) \
    $(wildcard include/config/NUMA_BALANCING) \
    $(wildcard include/config/PER_VMA_LOCK) \
    $(wildcard include/config/SHMEM) \
    $(wildcard include/config/ZONE_DEVICE) \
    $(wildcard include/config/FS_DAX) \
    $(wildcard include/config/KASAN_HW_TAGS) \
    $(wildcard include/config/MIGRATION) \
    $(wildcard include/config/CMA) \
    $(wildcard include/config/ARCH_HAS_GIGANTIC_PAGE) \
    $(wildcard include/config/HIGHMEM) \
    $(wildcard include/config/SCHED_MM_CID) \
    $(wildcard include/config/ARCH_HAS_PTE_SPECIAL) \
    $(wildcard include/config/ARCH_SUPPORTS_PMD_PFNMAP) \
    $(wildcard include/config/ARCH_SUPPORTS_PUD_PFNMAP) \
    $(wildcard include/config/ARCH_HAS_PTE_DEVMAP) \
    $(wildcard include/config/SPLIT_PTE_PTLOCKS) \
    $(wildcard include/config/HIGHPTE) \
    $(wildcard include/config/SPLIT_PMD_PTLOCKS) \
    $(wildcard include/config/TRANSPARENT_HUGEPAGE) \
    $(wildcard include/config/DEBUG_VM_RB) \
    $(wildcard include/config/PAGE_POISONING) \
    $(wildcard include/config/INIT_ON_ALLOC_DEFAULT_ON) \
    $(wildcard include/config/INIT_ON_FREE_DEFAULT_ON) \
    $(wildcard include/config/DEBUG_PAGEALLOC) \
    $(wildcard include/config/MEMORY_HOTPLUG) \
    $(wildcard include/config/ARCH_WANT_OPTIMIZE_DAX_VMEMMAP) \
    $(wildcard include/config/MEMORY_FAILURE) \
    $(wildcard include/config/HUGETLBFS) \
    $(wildcard include/config/MAPPING_DIRTY_HELPERS) \
    $(wildcard include/config/PRINTK) \
    $(wildcard include/config/UNACCEPTED_MEMORY) \
    $(wildcard include/config/MEM_ALLOC_PROFILING) \
    $(wildcard include/config/PAGE_POOL) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/errno.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/errno.h \
  arch/x86/include/generated/uapi/asm/errno.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/asm-generic/errno.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/asm-generic/errno-base.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/mmdebug.h \
    $(wildcard include/config/DEBUG_VM) \
    $(wildcard include/config/DEBUG_VM_IRQSOFF) \
    $(wildcard include/config/DEBUG_VIRTUAL) \
    $(wildcard include/config/DEBUG_VM_PGFLAGS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/bug.h \
    $(wildcard include/config/GENERIC_BUG) \
    $(wildcard include/config/BUG_ON_DATA_CORRUPTION) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/bug.h \
    $(wildcard include/config/DEBUG_BUGVERBOSE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/instrumentation.h \
    $(wildcard include/config/NOINSTR_VALIDATION) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/objtool.h \
    $(wildcard include/config/FRAME_POINTER) \
    $(wildcard include/config/MITIGATION_UNRET_ENTRY) \
    $(wildcard include/config/MITIGATION_SRSO) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/objtool_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/asm.h \
    $(wildcard include/config/KPROBES) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/extable_fixup_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/bug.h \
    $(wildcard include/config/BUG) \
    $(wildcard include/config/GENERIC_BUG_RELATIVE_POINTERS) \
    $(wildcard include/config/SMP) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/once_lite.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/panic.h \
    $(wildcard include/config/PANIC_TIMEOUT) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/stdarg.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/printk.h \
    $(wildcard include/config/MESSAGE_LOGLEVEL_DEFAULT) \
    $(wildcard include/config/CONSOLE_LOGLEVEL_DEFAULT) \
    $(wildcard include/config/CONSOLE_LOGLEVEL_QUIET) \
    $(wildcard include/config/EARLY_PRINTK) \
    $(wildcard include/config/PRINTK_INDEX) \
    $(wildcard include/config/DYNAMIC_DEBUG) \
    $(wildcard include/config/DYNAMIC_DEBUG_CORE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/init.h \
    $(wildcard include/config/HAVE_ARCH_PREL32_RELOCATIONS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/build_bug.h \
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
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/gfp.h \
    $(wildcard include/config/ZONE_DMA) \
    $(wildcard include/config/ZONE_DMA32) \
    $(wildcard include/config/COMPACTION) \
    $(wildcard include/config/CONTIG_ALLOC) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/gfp_types.h \
    $(wildcard include/config/SLAB_OBJ_EXT) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/mmzone.h \
    $(wildcard include/config/ARCH_FORCE_MAX_ORDER) \
    $(wildcard include/config/MEMORY_ISOLATION) \
    $(wildcard include/config/ZSMALLOC) \
    $(wildcard include/config/IOMMU_SUPPORT) \
    $(wildcard include/config/SWAP) \
    $(wildcard include/config/LRU_GEN) \
    $(wildcard include/config/LRU_GEN_STATS) \
    $(wildcard include/config/LRU_GEN_WALKS_MMU) \
    $(wildcard include/config/MEMCG) \
    $(wildcard include/config/FLATMEM) \
    $(wildcard include/config/PAGE_EXTENSION) \
    $(wildcard include/config/DEFERRED_STRUCT_PAGE_INIT) \
    $(wildcard include/config/HAVE_MEMORYLESS_NODES) \
    $(wildcard include/config/SPARSEMEM_EXTREME) \
    $(wildcard include/config/HAVE_ARCH_PFN_VALID) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/spinlock.h \
    $(wildcard include/config/PREEMPTION) \
    $(wildcard include/config/PREEMPT_RT) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/typecheck.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/preempt.h \
    $(wildcard include/config/PREEMPT_COUNT) \
    $(wildcard include/config/DEBUG_PREEMPT) \
    $(wildcard include/config/TRACE_PREEMPT_TOGGLE) \
    $(wildcard include/config/PREEMPT_NOTIFIERS) \
    $(wildcard include/config/PREEMPT_DYNAMIC) \
    $(wildcard include/config/PREEMPT_NONE) \
    $(wildcard include/config/PREEMPT_VOLUNTARY) \
    $(wildcard include/config/PREEMPT) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/cleanup.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/preempt.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/rmwcc.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/args.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/percpu.h \
    $(wildcard include/config/X86_64_SMP) \
    $(wildcard include/config/CC_HAS_NAMED_AS) \
    $(wildcard include/config/USE_X86_SEG_SUPPORT) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/percpu.h \
    $(wildcard include/config/HAVE_SETUP_PER_CPU_AREA) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/threads.h \
    $(wildcard include/config/BASE_SMALL) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/percpu-defs.h \
    $(wildcard include/config/DEBUG_FORCE_WEAK_PER_CPU) \
    $(wildcard include/config/AMD_MEM_ENCRYPT) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/current.h \
    $(wildcard include/config/MITIGATION_CALL_DEPTH_TRACKING) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/cache.h \
    $(wildcard include/config/ARCH_HAS_CACHE_LINE_SIZE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/kernel.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/sysinfo.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/cache.h \
    $(wildcard include/config/X86_L1_CACHE_SHIFT) \
    $(wildcard include/config/X86_INTERNODE_CACHE_SHIFT) \
    $(wildcard include/config/X86_VSMP) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/static_call_types.h \
    $(wildcard include/config/HAVE_STATIC_CALL) \
    $(wildcard include/config/HAVE_STATIC_CALL_INLINE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/irqflags.h \
    $(wildcard include/config/PROVE_LOCKING) \
    $(wildcard include/config/TRACE_IRQFLAGS) \
    $(wildcard include/config/IRQSOFF_TRACER) \
    $(wildcard include/config/PREEMPT_TRACER) \
    $(wildcard include/config/DEBUG_IRQFLAGS) \
    $(wildcard include/config/TRACE_IRQFLAGS_SUPPORT) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/irqflags_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/irqflags.h \
    $(wildcard include/config/PARAVIRT) \
    $(wildcard include/config/PARAVIRT_XXL) \
    $(wildcard include/config/DEBUG_ENTRY) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/processor-flags.h \
    $(wildcard include/config/VM86) \
    $(wildcard include/config/MITIGATION_PAGE_TABLE_ISOLATION) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/uapi/asm/processor-flags.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/mem_encrypt.h \
    $(wildcard include/config/ARCH_HAS_MEM_ENCRYPT) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/mem_encrypt.h \
    $(wildcard include/config/X86_MEM_ENCRYPT) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/cc_platform.h \
    $(wildcard include/config/ARCH_HAS_CC_PLATFORM) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/nospec-branch.h \
    $(wildcard include/config/CALL_THUNKS_DEBUG) \
    $(wildcard include/config/MITIGATION_IBPB_ENTRY) \
    $(wildcard include/config/MITIGATION_ITS) \
    $(wildcard include/config/BPF_JIT) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/static_key.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/jump_label.h \
    $(wildcard include/config/JUMP_LABEL) \
    $(wildcard include/config/HAVE_ARCH_JUMP_LABEL_RELATIVE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/atomic.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/atomic.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/alternative.h \
    $(wildcard include/config/CALL_THUNKS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/cmpxchg.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/cpufeatures.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/required-features.h \
    $(wildcard include/config/X86_MINIMUM_CPU_FAMILY) \
    $(wildcard include/config/MATH_EMULATION) \
    $(wildcard include/config/X86_PAE) \
    $(wildcard include/config/X86_CMPXCHG64) \
    $(wildcard include/config/X86_CMOV) \
    $(wildcard include/config/X86_P6_NOP) \
    $(wildcard include/config/MATOM) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/disabled-features.h \
    $(wildcard include/config/X86_UMIP) \
    $(wildcard include/config/X86_INTEL_MEMORY_PROTECTION_KEYS) \
    $(wildcard include/config/X86_5LEVEL) \
    $(wildcard include/config/ADDRESS_MASKING) \
    $(wildcard include/config/INTEL_IOMMU_SVM) \
    $(wildcard include/config/X86_SGX) \
    $(wildcard include/config/XEN_PV) \
    $(wildcard include/config/INTEL_TDX_GUEST) \
    $(wildcard include/config/X86_FRED) \
    $(wildcard include/config/KVM_AMD_SEV) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/cmpxchg_64.h \
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
    $(wildcard include/config/KMSAN) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/msr-index.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/unwind_hints.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/orc_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/segment.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/thread_info.h \
    $(wildcard include/config/THREAD_INFO_IN_TASK) \
    $(wildcard include/config/GENERIC_ENTRY) \
    $(wildcard include/config/HAVE_ARCH_WITHIN_STACK_FRAMES) \
    $(wildcard include/config/HARDENED_USERCOPY) \
    $(wildcard include/config/SH) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/restart_block.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/bitops.h \
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
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/thread_info.h \
    $(wildcard include/config/X86_IOPL_IOPERM) \
    $(wildcard include/config/IA32_EMULATION) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/page.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/page_types.h \
    $(wildcard include/config/PAGE_SHIFT) \
    $(wildcard include/config/PHYSICAL_START) \
    $(wildcard include/config/PHYSICAL_ALIGN) \
    $(wildcard include/config/DYNAMIC_PHYSICAL_MASK) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/page_64_types.h \
    $(wildcard include/config/KASAN) \
    $(wildcard include/config/DYNAMIC_MEMORY_LAYOUT) \
    $(wildcard include/config/RANDOMIZE_BASE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/kaslr.h \
    $(wildcard include/config/RANDOMIZE_MEMORY) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/page_64.h \
    $(wildcard include/config/X86_VSYSCALL_EMULATION) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/range.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/memory_model.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/pfn.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/getorder.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/log2.h \
    $(wildcard include/config/ARCH_HAS_ILOG2_U32) \
    $(wildcard include/config/ARCH_HAS_ILOG2_U64) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/cpufeature.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/processor.h \
    $(wildcard include/config/X86_VMX_FEATURE_NAMES) \
    $(wildcard include/config/STACKPROTECTOR) \
    $(wildcard include/config/CPU_SUP_AMD) \
    $(wildcard include/config/XEN) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/math_emu.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/ptrace.h \
    $(wildcard include/config/X86_DEBUGCTLMSR) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/uapi/asm/ptrace.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/uapi/asm/ptrace-abi.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/paravirt_types.h \
    $(wildcard include/config/PGTABLE_LEVELS) \
    $(wildcard include/config/ZERO_CALL_USED_REGS) \
    $(wildcard include/config/PARAVIRT_DEBUG) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/desc_defs.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/pgtable_types.h \
    $(wildcard include/config/HAVE_ARCH_USERFAULTFD_WP) \
    $(wildcard include/config/PROC_FS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/pgtable_64_types.h \
    $(wildcard include/config/DEBUG_KMAP_LOCAL_FORCE_MAP) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/sparsemem.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/proto.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/uapi/asm/ldt.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/uapi/asm/sigcontext.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/cpuid.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/string.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/string_64.h \
    $(wildcard include/config/ARCH_HAS_UACCESS_FLUSHCACHE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/special_insns.h \
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
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/bottom_half.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/instruction_pointer.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/lockdep.h \
    $(wildcard include/config/DEBUG_LOCKING_API_SELFTESTS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/smp.h \
    $(wildcard include/config/UP_LATE_INIT) \
    $(wildcard include/config/CSD_LOCK_WAIT_DEBUG) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/list.h \
    $(wildcard include/config/LIST_HARDENED) \
    $(wildcard include/config/DEBUG_LIST) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/container_of.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/poison.h \
    $(wildcard include/config/ILLEGAL_POINTER_VALUE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/cpumask.h \
    $(wildcard include/config/FORCE_NR_CPUS) \
    $(wildcard include/config/HOTPLUG_CPU) \
    $(wildcard include/config/DEBUG_PER_CPU_MAPS) \
    $(wildcard include/config/CPUMASK_OFFSTACK) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/kernel.h \
    $(wildcard include/config/PREEMPT_VOLUNTARY_BUILD) \
    $(wildcard include/config/HAVE_PREEMPT_DYNAMIC_CALL) \
    $(wildcard include/config/HAVE_PREEMPT_DYNAMIC_KEY) \
    $(wildcard include/config/PREEMPT_) \
    $(wildcard include/config/DEBUG_ATOMIC_SLEEP) \
    $(wildcard include/config/TRACING) \
    $(wildcard include/config/FTRACE_MCOUNT_RECORD) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/align.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/array_size.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/hex.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/kstrtox.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/minmax.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/sprintf.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/wordpart.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/bitmap.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/find.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/string.h \
    $(wildcard include/config/BINARY_PRINTF) \
    $(wildcard include/config/FORTIFY_SOURCE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/string.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/bitmap-str.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/cpumask_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/numa.h \
    $(wildcard include/config/NODES_SHIFT) \
    $(wildcard include/config/NUMA_KEEP_MEMINFO) \
    $(wildcard include/config/HAVE_ARCH_NODE_DEV_GROUP) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/smp_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/llist.h \
    $(wildcard include/config/ARCH_HAVE_NMI_SAFE_CMPXCHG) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/smp.h \
    $(wildcard include/config/DEBUG_NMI_SELFTEST) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/cpumask.h \
  arch/x86/include/generated/asm/mmiowb.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/mmiowb.h \
    $(wildcard include/config/MMIOWB) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/spinlock_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/rwlock_types.h \
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
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/list_nulls.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/wait.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/seqlock.h \
    $(wildcard include/config/CC_IS_GCC) \
    $(wildcard include/config/GCC_VERSION) \
    $(wildcard include/config/UBSAN_ALIGNMENT) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/mutex.h \
    $(wildcard include/config/DEBUG_MUTEXES) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/osq_lock.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/debug_locks.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/mutex_types.h \
    $(wildcard include/config/MUTEX_SPIN_ON_OWNER) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/seqlock_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/nodemask.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/nodemask_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/random.h \
    $(wildcard include/config/VMGENID) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/random.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/ioctl.h \
  arch/x86/include/generated/uapi/asm/ioctl.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/ioctl.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/asm-generic/ioctl.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/irqnr.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/irqnr.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/prandom.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/once.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/pageblock-flags.h \
    $(wildcard include/config/HUGETLB_PAGE) \
    $(wildcard include/config/HUGETLB_PAGE_SIZE_VARIABLE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/page-flags-layout.h \
  include/generated/bounds.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/mm_types.h \
    $(wildcard include/config/HAVE_ALIGNED_STRUCT_PAGE) \
    $(wildcard include/config/HUGETLB_PMD_PAGE_TABLE_SHARING) \
    $(wildcard include/config/USERFAULTFD) \
    $(wildcard include/config/HAVE_ARCH_COMPAT_MMAP_BASES) \
    $(wildcard include/config/MEMBARRIER) \
    $(wildcard include/config/FUTEX) \
    $(wildcard include/config/AIO) \
    $(wildcard include/config/MMU_NOTIFIER) \
    $(wildcard include/config/ARCH_WANT_BATCHED_UNMAP_TLB_FLUSH) \
    $(wildcard include/config/IOMMU_MM_DATA) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/mm_types_task.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/tlbbatch.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/auxvec.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/auxvec.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/uapi/asm/auxvec.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/kref.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/refcount.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/refcount_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/rbtree.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/rbtree_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/rcupdate.h \
    $(wildcard include/config/PREEMPT_RCU) \
    $(wildcard include/config/TINY_RCU) \
    $(wildcard include/config/RCU_STRICT_GRACE_PERIOD) \
    $(wildcard include/config/RCU_LAZY) \
    $(wildcard include/config/TASKS_RCU_GENERIC) \
    $(wildcard include/config/RCU_STALL_COMMON) \
    $(wildcard include/config/NO_HZ_FULL) \
    $(wildcard include/config/KVM_XFER_TO_GUEST_WORK) \
    $(wildcard include/config/RCU_NOCB_CPU) \
    $(wildcard include/config/TASKS_RCU) \
    $(wildcard include/config/TASKS_TRACE_RCU) \
    $(wildcard include/config/TASKS_RUDE_RCU) \
    $(wildcard include/config/TREE_RCU) \
    $(wildcard include/config/DEBUG_OBJECTS_RCU_HEAD) \
    $(wildcard include/config/PROVE_RCU) \
    $(wildcard include/config/ARCH_WEAK_RELEASE_ACQUIRE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/context_tracking_irq.h \
    $(wildcard include/config/CONTEXT_TRACKING_IDLE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/rcutree.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/maple_tree.h \
    $(wildcard include/config/MAPLE_RCU_DISABLED) \
    $(wildcard include/config/DEBUG_MAPLE_TREE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/rwsem.h \
    $(wildcard include/config/RWSEM_SPIN_ON_OWNER) \
    $(wildcard include/config/DEBUG_RWSEMS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/completion.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/swait.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/uprobes.h \
    $(wildcard include/config/UPROBES) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/workqueue.h \
    $(wildcard include/config/DEBUG_OBJECTS_WORK) \
    $(wildcard include/config/FREEZER) \
    $(wildcard include/config/SYSFS) \
    $(wildcard include/config/WQ_WATCHDOG) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/timer.h \
    $(wildcard include/config/DEBUG_OBJECTS_TIMERS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/ktime.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/jiffies.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/time.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/time64.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/vdso/time64.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/time.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/time_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/time32.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/timex.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/timex.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/timex.h \
    $(wildcard include/config/X86_TSC) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/tsc.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/msr.h \
    $(wildcard include/config/TRACEPOINTS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/uapi/asm/msr.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/shared/msr.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/percpu.h \
    $(wildcard include/config/MODULES) \
    $(wildcard include/config/RANDOM_KMALLOC_CACHES) \
    $(wildcard include/config/PAGE_SIZE_4KB) \
    $(wildcard include/config/NEED_PER_CPU_PAGE_FIRST_CHUNK) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/alloc_tag.h \
    $(wildcard include/config/MEM_ALLOC_PROFILING_DEBUG) \
    $(wildcard include/config/MEM_ALLOC_PROFILING_ENABLED_BY_DEFAULT) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/codetag.h \
    $(wildcard include/config/CODE_TAGGING) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/sched.h \
    $(wildcard include/config/VIRT_CPU_ACCOUNTING_NATIVE) \
    $(wildcard include/config/SCHED_INFO) \
    $(wildcard include/config/SCHEDSTATS) \
    $(wildcard include/config/FAIR_GROUP_SCHED) \
    $(wildcard include/config/RT_GROUP_SCHED) \
    $(wildcard include/config/RT_MUTEXES) \
    $(wildcard include/config/UCLAMP_TASK) \
    $(wildcard include/config/UCLAMP_BUCKETS_COUNT) \
    $(wildcard include/config/KMAP_LOCAL) \
    $(wildcard include/config/SCHED_CLASS_EXT) \
    $(wildcard include/config/CGROUP_SCHED) \
    $(wildcard include/config/BLK_DEV_IO_TRACE) \
    $(wildcard include/config/MEMCG_V1) \
    $(wildcard include/config/COMPAT_BRK) \
    $(wildcard include/config/CGROUPS) \
    $(wildcard include/config/BLK_CGROUP) \
    $(wildcard include/config/PSI) \
    $(wildcard include/config/PAGE_OWNER) \
    $(wildcard include/config/EVENTFD) \
    $(wildcard include/config/ARCH_HAS_CPU_PASID) \
    $(wildcard include/config/CPU_SUP_INTEL) \
    $(wildcard include/config/TASK_DELAY_ACCT) \
    $(wildcard include/config/ARCH_HAS_SCALED_CPUTIME) \
    $(wildcard include/config/VIRT_CPU_ACCOUNTING_GEN) \
    $(wildcard include/config/POSIX_CPUTIMERS) \
    $(wildcard include/config/POSIX_CPU_TIMERS_TASK_WORK) \
    $(wildcard include/config/KEYS) \
    $(wildcard include/config/SYSVIPC) \
    $(wildcard include/config/DETECT_HUNG_TASK) \
    $(wildcard include/config/IO_URING) \
    $(wildcard include/config/AUDIT) \
    $(wildcard include/config/AUDITSYSCALL) \
    $(wildcard include/config/UBSAN) \
    $(wildcard include/config/UBSAN_TRAP) \
    $(wildcard include/config/TASK_XACCT) \
    $(wildcard include/config/CPUSETS) \
    $(wildcard include/config/X86_CPU_RESCTRL) \
    $(wildcard include/config/PERF_EVENTS) \
    $(wildcard include/config/RSEQ) \
    $(wildcard include/config/FAULT_INJECTION) \
    $(wildcard include/config/LATENCYTOP) \
    $(wildcard include/config/KUNIT) \
    $(wildcard include/config/FUNCTION_GRAPH_TRACER) \
    $(wildcard include/config/BCACHE) \
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
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/sched.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/pid_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/sem_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/shm.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/shmparam.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/kmsan_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/plist_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/hrtimer_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/timerqueue_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/timer_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/seccomp_types.h \
    $(wildcard include/config/SECCOMP) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/resource.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/resource.h \
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
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/netdevice_xmit.h \
    $(wildcard include/config/NET_ACT_MIRRED) \
    $(wildcard include/config/NET_EGRESS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/task_io_accounting.h \
    $(wildcard include/config/TASK_IO_ACCOUNTING) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/posix-timers_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/rseq.h \
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
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/tracepoint-defs.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/vdso/time32.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/vdso/time.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/vdso/jiffies.h \
  include/generated/timeconst.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/vdso/ktime.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/timekeeping.h \
    $(wildcard include/config/GENERIC_CMOS_UPDATE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/clocksource_ids.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/debugobjects.h \
    $(wildcard include/config/DEBUG_OBJECTS) \
    $(wildcard include/config/DEBUG_OBJECTS_FREE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/workqueue_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/percpu_counter.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/mmu.h \
    $(wildcard include/config/MODIFY_LDT_SYSCALL) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/page-flags.h \
    $(wildcard include/config/PAGE_IDLE_FLAG) \
    $(wildcard include/config/ARCH_USES_PG_ARCH_2) \
    $(wildcard include/config/ARCH_USES_PG_ARCH_3) \
    $(wildcard include/config/HUGETLB_PAGE_OPTIMIZE_VMEMMAP) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/local_lock.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/local_lock_internal.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/zswap.h \
    $(wildcard include/config/ZSWAP) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/memory_hotplug.h \
    $(wildcard include/config/ARCH_HAS_ADD_PAGES) \
    $(wildcard include/config/MEMORY_HOTREMOVE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/notifier.h \
    $(wildcard include/config/TREE_SRCU) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/srcu.h \
    $(wildcard include/config/TINY_SRCU) \
    $(wildcard include/config/NEED_SRCU_NMI_SAFE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/rculist.h \
    $(wildcard include/config/PROVE_RCU_LIST) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/rcu_segcblist.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/srcutree.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/rcu_node_tree.h \
    $(wildcard include/config/RCU_FANOUT) \
    $(wildcard include/config/RCU_FANOUT_LEAF) \
  arch/x86/include/generated/asm/mmzone.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/mmzone.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/topology.h \
    $(wildcard include/config/USE_PERCPU_NUMA_NODE_ID) \
    $(wildcard include/config/SCHED_SMT) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/arch_topology.h \
    $(wildcard include/config/GENERIC_ARCH_TOPOLOGY) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/topology.h \
    $(wildcard include/config/X86_LOCAL_APIC) \
    $(wildcard include/config/SCHED_MC_PRIO) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/mpspec.h \
    $(wildcard include/config/EISA) \
    $(wildcard include/config/X86_MPPARSE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/mpspec_def.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/x86_init.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/apicdef.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/topology.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/cpu_smt.h \
    $(wildcard include/config/HOTPLUG_SMT) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/pgalloc_tag.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/mmap_lock.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/percpu-refcount.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/bit_spinlock.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/shrinker.h \
    $(wildcard include/config/SHRINKER_DEBUG) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/page_ext.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/stacktrace.h \
    $(wildcard include/config/ARCH_STACKWALK) \
    $(wildcard include/config/STACKTRACE) \
    $(wildcard include/config/HAVE_RELIABLE_STACKTRACE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/page_ref.h \
    $(wildcard include/config/DEBUG_PAGE_REF) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/sizes.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/pgtable.h \
    $(wildcard include/config/ARCH_HAS_NONLEAF_PMD_YOUNG) \
    $(wildcard include/config/ARCH_HAS_HW_PTE_YOUNG) \
    $(wildcard include/config/GUP_GET_PXX_LOW_HIGH) \
    $(wildcard include/config/ARCH_WANT_PMD_MKWRITE) \
    $(wildcard include/config/HAVE_ARCH_TRANSPARENT_HUGEPAGE_PUD) \
    $(wildcard include/config/HAVE_ARCH_SOFT_DIRTY) \
    $(wildcard include/config/ARCH_ENABLE_THP_MIGRATION) \
    $(wildcard include/config/HAVE_ARCH_HUGE_VMAP) \
    $(wildcard include/config/X86_ESPFIX64) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/pgtable.h \
    $(wildcard include/config/DEBUG_WX) \
    $(wildcard include/config/PAGE_TABLE_CHECK) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/pkru.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/fpu/api.h \
    $(wildcard include/config/X86_DEBUG_FPU) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/coco.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/pgtable_uffd.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/page_table_check.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/pgtable_64.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/fixmap.h \
    $(wildcard include/config/PROVIDE_OHCI1394_DMA_INIT) \
    $(wildcard include/config/X86_IO_APIC) \
    $(wildcard include/config/PCI_MMCONFIG) \
    $(wildcard include/config/ACPI_APEI_GHES) \
    $(wildcard include/config/INTEL_TXT) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/uapi/asm/vsyscall.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/fixmap.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/pgtable-invert.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/kasan.h \
    $(wildcard include/config/KASAN_STACK) \
    $(wildcard include/config/KASAN_VMALLOC) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/kasan-enabled.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/kasan-tags.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/memremap.h \
    $(wildcard include/config/DEVICE_PRIVATE) \
    $(wildcard include/config/PCI_P2PDMA) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/ioport.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/slab.h \
    $(wildcard include/config/FAILSLAB) \
    $(wildcard include/config/KFENCE) \
    $(wildcard include/config/SLUB_TINY) \
    $(wildcard include/config/SLUB_DEBUG) \
    $(wildcard include/config/SLAB_FREELIST_HARDENED) \
    $(wildcard include/config/SLAB_BUCKETS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/hash.h \
    $(wildcard include/config/HAVE_ARCH_HASH) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/huge_mm.h \
    $(wildcard include/config/PGTABLE_HAS_HUGE_LEAVES) \
    $(wildcard include/config/READ_ONLY_THP_FOR_FS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/sched/coredump.h \
    $(wildcard include/config/CORE_DUMP_DEFAULT_ELF_HEADERS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/fs.h \
    $(wildcard include/config/FANOTIFY_ACCESS_PERMISSIONS) \
    $(wildcard include/config/FS_POSIX_ACL) \
    $(wildcard include/config/CGROUP_WRITEBACK) \
    $(wildcard include/config/IMA) \
    $(wildcard include/config/FILE_LOCKING) \
    $(wildcard include/config/FSNOTIFY) \
    $(wildcard include/config/FS_ENCRYPTION) \
    $(wildcard include/config/FS_VERITY) \
    $(wildcard include/config/EPOLL) \
    $(wildcard include/config/UNICODE) \
    $(wildcard include/config/QUOTA) \
    $(wildcard include/config/BLOCK) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/wait_bit.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/kdev_t.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/kdev_t.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/dcache.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/rculist_bl.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/list_bl.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/lockref.h \
    $(wildcard include/config/ARCH_USE_CMPXCHG_LOCKREF) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/stringhash.h \
    $(wildcard include/config/DCACHE_WORD_ACCESS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/path.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/stat.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/uapi/asm/stat.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/stat.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/uidgid.h \
    $(wildcard include/config/USER_NS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/highuid.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/list_lru.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/xarray.h \
    $(wildcard include/config/XARRAY_MULTI) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/sched/mm.h \
    $(wildcard include/config/MMU_LAZY_TLB_REFCOUNT) \
    $(wildcard include/config/ARCH_HAS_MEMBARRIER_CALLBACKS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/sync_core.h \
    $(wildcard include/config/ARCH_HAS_SYNC_CORE_BEFORE_USERMODE) \
    $(wildcard include/config/ARCH_HAS_PREPARE_SYNC_CORE_CMD) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/sync_core.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/radix-tree.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/pid.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/capability.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/capability.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/semaphore.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/fcntl.h \
    $(wildcard include/config/ARCH_32BIT_OFF_T) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/fcntl.h \
  arch/x86/include/generated/uapi/asm/fcntl.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/asm-generic/fcntl.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/openat2.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/migrate_mode.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/percpu-rwsem.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/rcuwait.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/sched/signal.h \
    $(wildcard include/config/SCHED_AUTOGROUP) \
    $(wildcard include/config/BSD_PROCESS_ACCT) \
    $(wildcard include/config/TASKSTATS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/signal.h \
    $(wildcard include/config/DYNAMIC_SIGFRAME) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/sched/jobctl.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/sched/task.h \
    $(wildcard include/config/HAVE_EXIT_THREAD) \
    $(wildcard include/config/ARCH_WANTS_DYNAMIC_TASK_STRUCT) \
    $(wildcard include/config/HAVE_ARCH_THREAD_STRUCT_WHITELIST) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/uaccess.h \
    $(wildcard include/config/ARCH_HAS_SUBPAGE_FAULTS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/fault-inject-usercopy.h \
    $(wildcard include/config/FAULT_INJECTION_USERCOPY) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/nospec.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/uaccess.h \
    $(wildcard include/config/CC_HAS_ASM_GOTO_OUTPUT) \
    $(wildcard include/config/CC_HAS_ASM_GOTO_TIED_OUTPUT) \
    $(wildcard include/config/ARCH_HAS_COPY_MC) \
    $(wildcard include/config/X86_INTEL_USERCOPY) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/smap.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/extable.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/tlbflush.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/mmu_notifier.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/interval_tree.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/invpcid.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/pti.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/uaccess_64.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/runtime-const.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/access_ok.h \
    $(wildcard include/config/ALTERNATE_USER_ADDRESS_SPACE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/cred.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/key.h \
    $(wildcard include/config/KEY_NOTIFICATIONS) \
    $(wildcard include/config/NET) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/sysctl.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/sysctl.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/assoc_array.h \
    $(wildcard include/config/ASSOCIATIVE_ARRAY) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/sched/user.h \
    $(wildcard include/config/VFIO_PCI_ZDEV_KVM) \
    $(wildcard include/config/IOMMUFD) \
    $(wildcard include/config/SECRETMEM) \
    $(wildcard include/config/WATCH_QUEUE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/ratelimit.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/posix-timers.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/alarmtimer.h \
    $(wildcard include/config/RTC_CLASS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/hrtimer.h \
    $(wildcard include/config/HIGH_RES_TIMERS) \
    $(wildcard include/config/TIME_LOW_RES) \
    $(wildcard include/config/TIMERFD) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/hrtimer_defs.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/timerqueue.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/rcu_sync.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/delayed_call.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/uuid.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/errseq.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/ioprio.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/sched/rt.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/iocontext.h \
    $(wildcard include/config/BLK_ICQ) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/ioprio.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/fs_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/mount.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/mnt_idmapping.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/rw_hint.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/fs.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/quota.h \
    $(wildcard include/config/QUOTA_NETLINK_INTERFACE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/dqblk_xfs.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/dqblk_v1.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/dqblk_v2.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/dqblk_qtree.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/projid.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/quota.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/kobject.h \
    $(wildcard include/config/UEVENT_HELPER) \
    $(wildcard include/config/DEBUG_KOBJECT_RELEASE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/sysfs.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/kernfs.h \
    $(wildcard include/config/KERNFS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/idr.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/kobject_ns.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/secretmem.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/vmstat.h \
    $(wildcard include/config/VM_EVENT_COUNTERS) \
    $(wildcard include/config/DEBUG_TLBFLUSH) \
    $(wildcard include/config/PER_VMA_LOCK_STATS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/vm_event_item.h \
    $(wildcard include/config/MEMORY_BALLOON) \
    $(wildcard include/config/BALLOON_COMPACTION) \
    $(wildcard include/config/DEBUG_STACK_USAGE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/mm_inline.h \
    $(wildcard include/config/LRU_GEN_ENABLED) \
    $(wildcard include/config/PTE_MARKER_UFFD_WP) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/swap.h \
    $(wildcard include/config/THP_SWAP) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/memcontrol.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/cgroup.h \
    $(wildcard include/config/DEBUG_CGROUP_REF) \
    $(wildcard include/config/CGROUP_CPUACCT) \
    $(wildcard include/config/SOCK_CGROUP_DATA) \
    $(wildcard include/config/CGROUP_DATA) \
    $(wildcard include/config/CGROUP_BPF) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/cgroupstats.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/taskstats.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/seq_file.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/string_helpers.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/ctype.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/string_choices.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/ns_common.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/nsproxy.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/user_namespace.h \
    $(wildcard include/config/INOTIFY_USER) \
    $(wildcard include/config/FANOTIFY) \
    $(wildcard include/config/BINFMT_MISC) \
    $(wildcard include/config/PERSISTENT_KEYRINGS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/kernel_stat.h \
    $(wildcard include/config/GENERIC_IRQ_STAT_SNAPSHOT) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/interrupt.h \
    $(wildcard include/config/IRQ_FORCED_THREADING) \
    $(wildcard include/config/GENERIC_IRQ_PROBE) \
    $(wildcard include/config/IRQ_TIMINGS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/irqreturn.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/hardirq.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/context_tracking_state.h \
    $(wildcard include/config/CONTEXT_TRACKING_USER) \
    $(wildcard include/config/CONTEXT_TRACKING) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/ftrace_irq.h \
    $(wildcard include/config/HWLAT_TRACER) \
    $(wildcard include/config/OSNOISE_TRACER) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/vtime.h \
    $(wildcard include/config/VIRT_CPU_ACCOUNTING) \
    $(wildcard include/config/IRQ_TIME_ACCOUNTING) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/hardirq.h \
    $(wildcard include/config/KVM_INTEL) \
    $(wildcard include/config/KVM) \
    $(wildcard include/config/X86_THERMAL_VECTOR) \
    $(wildcard include/config/X86_MCE_THRESHOLD) \
    $(wildcard include/config/X86_MCE_AMD) \
    $(wildcard include/config/X86_HV_CALLBACK_VECTOR) \
    $(wildcard include/config/HYPERV) \
    $(wildcard include/config/X86_POSTED_MSI) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/irq.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/irq_vectors.h \
    $(wildcard include/config/PCI_MSI) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/sections.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/sections.h \
    $(wildcard include/config/HAVE_FUNCTION_DESCRIPTORS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/cgroup-defs.h \
    $(wildcard include/config/CGROUP_NET_CLASSID) \
    $(wildcard include/config/CGROUP_NET_PRIO) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/u64_stats_sync.h \
  arch/x86/include/generated/asm/local64.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/local64.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/local.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/bpf-cgroup-defs.h \
    $(wildcard include/config/BPF_LSM) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/psi_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/kthread.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/page_counter.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/vmpressure.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/eventfd.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/eventfd.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/writeback.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/flex_proportions.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/backing-dev-defs.h \
    $(wildcard include/config/DEBUG_FS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/blk_types.h \
    $(wildcard include/config/FAIL_MAKE_REQUEST) \
    $(wildcard include/config/BLK_CGROUP_IOCOST) \
    $(wildcard include/config/BLK_INLINE_ENCRYPTION) \
    $(wildcard include/config/BLK_DEV_INTEGRITY) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/bvec.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/highmem.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/cacheflush.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/cacheflush.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/cacheflush.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/kmsan.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/dma-direction.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/highmem-internal.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/device.h \
    $(wildcard include/config/GENERIC_MSI_IRQ) \
    $(wildcard include/config/ENERGY_MODEL) \
    $(wildcard include/config/PINCTRL) \
    $(wildcard include/config/ARCH_HAS_DMA_OPS) \
    $(wildcard include/config/DMA_DECLARE_COHERENT) \
    $(wildcard include/config/DMA_CMA) \
    $(wildcard include/config/SWIOTLB) \
    $(wildcard include/config/SWIOTLB_DYNAMIC) \
    $(wildcard include/config/ARCH_HAS_SYNC_DMA_FOR_DEVICE) \
    $(wildcard include/config/ARCH_HAS_SYNC_DMA_FOR_CPU) \
    $(wildcard include/config/ARCH_HAS_SYNC_DMA_FOR_CPU_ALL) \
    $(wildcard include/config/DMA_OPS_BYPASS) \
    $(wildcard include/config/DMA_NEED_SYNC) \
    $(wildcard include/config/IOMMU_DMA) \
    $(wildcard include/config/PM) \
    $(wildcard include/config/PM_SLEEP) \
    $(wildcard include/config/OF) \
    $(wildcard include/config/DEVTMPFS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/dev_printk.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/energy_model.h \
    $(wildcard include/config/SCHED_DEBUG) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/sched/cpufreq.h \
    $(wildcard include/config/CPU_FREQ) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/sched/topology.h \
    $(wildcard include/config/SCHED_CLUSTER) \
    $(wildcard include/config/SCHED_MC) \
    $(wildcard include/config/CPU_FREQ_GOV_SCHEDUTIL) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/sched/idle.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/sched/sd_flags.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/klist.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/pm.h \
    $(wildcard include/config/VT_CONSOLE_SLEEP) \
    $(wildcard include/config/CXL_SUSPEND) \
    $(wildcard include/config/PM_CLK) \
    $(wildcard include/config/PM_GENERIC_DOMAINS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/device/bus.h \
    $(wildcard include/config/ACPI) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/device/class.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/device/devres.h \
    $(wildcard include/config/HAS_IOMEM) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/device/driver.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/module.h \
    $(wildcard include/config/MODULES_TREE_LOOKUP) \
    $(wildcard include/config/STACKTRACE_BUILD_ID) \
    $(wildcard include/config/ARCH_USES_CFI_TRAPS) \
    $(wildcard include/config/MODULE_SIG) \
    $(wildcard include/config/KALLSYMS) \
    $(wildcard include/config/BPF_EVENTS) \
    $(wildcard include/config/DEBUG_INFO_BTF_MODULES) \
    $(wildcard include/config/EVENT_TRACING) \
    $(wildcard include/config/MODULE_UNLOAD) \
    $(wildcard include/config/CONSTRUCTORS) \
    $(wildcard include/config/FUNCTION_ERROR_INJECTION) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/buildid.h \
    $(wildcard include/config/VMCORE_INFO) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/kmod.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/umh.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/elf.h \
    $(wildcard include/config/ARCH_HAVE_EXTRA_ELF_NOTES) \
    $(wildcard include/config/ARCH_USE_GNU_PROPERTY) \
    $(wildcard include/config/ARCH_HAVE_ELF_PROT) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/elf.h \
    $(wildcard include/config/X86_X32_ABI) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/ia32.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/user.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/user_64.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/fsgsbase.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/syscall.h \
    $(wildcard include/config/X86_X32_DISABLED) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/audit.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/elf-em.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/unistd.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/uapi/asm/unistd.h \
  arch/x86/include/generated/uapi/asm/unistd_64.h \
  arch/x86/include/generated/asm/unistd_64_x32.h \
  arch/x86/include/generated/asm/unistd_32_ia32.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/vdso.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/elf.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/moduleparam.h \
    $(wildcard include/config/ALPHA) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/rbtree_latch.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/error-injection.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/error-injection.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/dynamic_debug.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/module.h \
    $(wildcard include/config/UNWINDER_ORC) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/module.h \
    $(wildcard include/config/HAVE_MOD_ARCH_SPECIFIC) \
    $(wildcard include/config/MODULES_USE_ELF_REL) \
    $(wildcard include/config/MODULES_USE_ELF_RELA) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/device.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/pm_wakeup.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/pagevec.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/node.h \
    $(wildcard include/config/HMEM_REPORTING) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/pagemap.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/hugetlb_inline.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/mempolicy.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/userfaultfd_k.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/swapops.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/swapfile.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/utsname.h \
    $(wildcard include/config/UTS_NS) \
    $(wildcard include/config/PROC_SYSCTL) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/utsname.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/mman.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/mman.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/mman.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/uapi/asm/mman.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/asm-generic/mman.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/asm-generic/mman-common.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/asm-generic/hugetlb_encode.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/reboot.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/reboot.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/emergency-restart.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/prctl.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/ksm.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/rmap.h \
    $(wildcard include/config/HAVE_GUP_FAST) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/perf_event.h \
    $(wildcard include/config/HAVE_HW_BREAKPOINT) \
    $(wildcard include/config/FUNCTION_TRACER) \
    $(wildcard include/config/CGROUP_PERF) \
    $(wildcard include/config/GUEST_PERF_EVENTS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/perf_event.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/bpf_perf_event.h \
  arch/x86/include/generated/uapi/asm/bpf_perf_event.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/asm-generic/bpf_perf_event.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/ptrace.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/pid_namespace.h \
    $(wildcard include/config/MEMFD_CREATE) \
    $(wildcard include/config/PID_NS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/ptrace.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/seccomp.h \
    $(wildcard include/config/HAVE_ARCH_SECCOMP_FILTER) \
    $(wildcard include/config/SECCOMP_FILTER) \
    $(wildcard include/config/SECCOMP_CACHE_DEBUG) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/seccomp.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/perf_event.h \
    $(wildcard include/config/PERF_EVENTS_AMD_BRS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/static_call.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/cpu.h \
    $(wildcard include/config/GENERIC_CPU_DEVICES) \
    $(wildcard include/config/PM_SLEEP_SMP) \
    $(wildcard include/config/PM_SLEEP_SMP_NONZERO_CPU) \
    $(wildcard include/config/ARCH_HAS_CPU_FINALIZE_INIT) \
    $(wildcard include/config/CPU_MITIGATIONS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/cpuhotplug.h \
    $(wildcard include/config/HOTPLUG_CORE_SYNC_DEAD) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/cpuhplock.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/static_call.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/text-patching.h \
    $(wildcard include/config/UML_X86) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/stacktrace.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/cpu_entry_area.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/intel_ds.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/pgtable_areas.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/switch_to.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/sched/task_stack.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/magic.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/rhashtable-types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/hw_breakpoint.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/uapi/asm/hw_breakpoint.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/kdebug.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/kdebug.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/ftrace.h \
    $(wildcard include/config/HAVE_FUNCTION_GRAPH_FREGS) \
    $(wildcard include/config/DYNAMIC_FTRACE) \
    $(wildcard include/config/HAVE_DYNAMIC_FTRACE_WITH_ARGS) \
    $(wildcard include/config/HAVE_FTRACE_REGS_HAVING_PT_REGS) \
    $(wildcard include/config/DYNAMIC_FTRACE_WITH_REGS) \
    $(wildcard include/config/DYNAMIC_FTRACE_WITH_ARGS) \
    $(wildcard include/config/DYNAMIC_FTRACE_WITH_DIRECT_CALLS) \
    $(wildcard include/config/STACK_TRACER) \
    $(wildcard include/config/DYNAMIC_FTRACE_WITH_CALL_OPS) \
    $(wildcard include/config/FUNCTION_GRAPH_RETVAL) \
    $(wildcard include/config/FUNCTION_PROFILER) \
    $(wildcard include/config/FTRACE_SYSCALLS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/trace_recursion.h \
    $(wildcard include/config/FTRACE_RECORD_RECURSION) \
    $(wildcard include/config/FTRACE_VALIDATE_RCU_IS_WATCHING) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/trace_clock.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/trace_clock.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/kallsyms.h \
    $(wildcard include/config/KALLSYMS_ALL) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/ftrace.h \
    $(wildcard include/config/HAVE_FENTRY) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/irq_work.h \
    $(wildcard include/config/IRQ_WORK) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/irq_work_types.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/irq_work.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/jump_label_ratelimit.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/perf_regs.h \
    $(wildcard include/config/HAVE_PERF_REGS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/uapi/asm/perf_regs.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/security.h \
    $(wildcard include/config/SECURITY_NETWORK) \
    $(wildcard include/config/SECURITY_INFINIBAND) \
    $(wildcard include/config/SECURITY_NETWORK_XFRM) \
    $(wildcard include/config/SECURITY_PATH) \
    $(wildcard include/config/SECURITYFS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/kernel_read_file.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/file.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/sockptr.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/bpf.h \
    $(wildcard include/config/FINEIBT) \
    $(wildcard include/config/BPF_JIT_ALWAYS_ON) \
    $(wildcard include/config/INET) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/bpf.h \
    $(wildcard include/config/BPF_LIRC_MODE2) \
    $(wildcard include/config/EFFICIENT_UNALIGNED_ACCESS) \
    $(wildcard include/config/IP_ROUTE_CLASSID) \
    $(wildcard include/config/BPF_KPROBE_OVERRIDE) \
    $(wildcard include/config/XFRM) \
    $(wildcard include/config/IPV6) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/bpf_common.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/filter.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/bpfptr.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/btf.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/bsearch.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/btf_ids.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/btf.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/rcupdate_trace.h \
    $(wildcard include/config/TASKS_TRACE_RCU_READ_MB) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/cfi.h \
    $(wildcard include/config/CFI_CLANG) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/cfi.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/lsm.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/unistd.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/times.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/suspend.h \
    $(wildcard include/config/VT) \
    $(wildcard include/config/SUSPEND) \
    $(wildcard include/config/HIBERNATION) \
    $(wildcard include/config/HIBERNATION_SNAPSHOT_DEV) \
    $(wildcard include/config/PM_SLEEP_DEBUG) \
    $(wildcard include/config/PM_AUTOSLEEP) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/freezer.h \
    $(wildcard include/config/CGROUP_FREEZER) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/tty.h \
    $(wildcard include/config/TTY) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/major.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/termios.h \
  arch/x86/include/generated/uapi/asm/termios.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/asm-generic/termios.h \
  arch/x86/include/generated/uapi/asm/termbits.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/asm-generic/termbits.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/asm-generic/termbits-common.h \
  arch/x86/include/generated/uapi/asm/ioctls.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/asm-generic/ioctls.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/tty_driver.h \
    $(wildcard include/config/CONSOLE_POLL) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/cdev.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/tty_ldisc.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/tty_port.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/kfifo.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/tty_buffer.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/tty_flags.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/tty.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/cn_proc.h \
    $(wildcard include/config/PROC_EVENTS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/cn_proc.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/getcpu.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/task_io_accounting_ops.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/fs_struct.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/syscore_ops.h \
  include/generated/uapi/linux/version.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/syscall_user_dispatch.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/compat.h \
    $(wildcard include/config/ARCH_HAS_SYSCALL_WRAPPER) \
    $(wildcard include/config/COMPAT_OLD_SIGACTION) \
    $(wildcard include/config/ODD_RT_SIGACTION) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/sem.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/sem.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/ipc.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/ipc.h \
  arch/x86/include/generated/uapi/asm/ipcbuf.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/asm-generic/ipcbuf.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/uapi/asm/sembuf.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/socket.h \
  arch/x86/include/generated/uapi/asm/socket.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/asm-generic/socket.h \
  arch/x86/include/generated/uapi/asm/sockios.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/asm-generic/sockios.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/sockios.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/uio.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/uio.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/socket.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/if.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/libc-compat.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/hdlc/ioctl.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/aio_abi.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/compat.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/user32.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/compat.h \
    $(wildcard include/config/COMPAT_FOR_U64_ALIGNMENT) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/syscall_wrapper.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/syscalls.h \
    $(wildcard include/config/CLONE_BACKWARDS) \
    $(wildcard include/config/CLONE_BACKWARDS3) \
    $(wildcard include/config/ARCH_SPLIT_ARG64) \
    $(wildcard include/config/OLD_SIGSUSPEND) \
    $(wildcard include/config/OLD_SIGSUSPEND3) \
    $(wildcard include/config/ADVISE_SYSCALLS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/trace/syscall.h \
    $(wildcard include/config/HAVE_SYSCALL_TRACEPOINTS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/tracepoint.h \
    $(wildcard include/config/ARCH_WANTS_NO_INSTR) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/trace_events.h \
    $(wildcard include/config/DYNAMIC_EVENTS) \
    $(wildcard include/config/HIST_TRIGGERS) \
    $(wildcard include/config/KPROBE_EVENTS) \
    $(wildcard include/config/UPROBE_EVENTS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/ring_buffer.h \
    $(wildcard include/config/RING_BUFFER_ALLOW_SWAP) \
    $(wildcard include/config/RING_BUFFER) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/poll.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/poll.h \
  arch/x86/include/generated/uapi/asm/poll.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/asm-generic/poll.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/eventpoll.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/trace_mmap.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/trace_seq.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/seq_buf.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/kprobes.h \
    $(wildcard include/config/KRETPROBE_ON_RETHOOK) \
    $(wildcard include/config/OPTPROBES) \
    $(wildcard include/config/KPROBES_ON_FTRACE) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/objpool.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/rethook.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/kprobes.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/kprobes.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/time_namespace.h \
    $(wildcard include/config/TIME_NS) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/binfmts.h \
    $(wildcard include/config/COREDUMP) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/exec.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/uapi/linux/binfmts.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/sched/autogroup.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/sched/loadavg.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/sched/stat.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/sched/cputime.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/kmsg_dump.h \
  include/generated/utsrelease.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/io.h \
    $(wildcard include/config/MTRR) \
    $(wildcard include/config/X86_PAT) \
  arch/x86/include/generated/asm/early_ioremap.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/early_ioremap.h \
    $(wildcard include/config/GENERIC_EARLY_IOREMAP) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/arch/x86/include/asm/shared/io.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/io.h \
    $(wildcard include/config/GENERIC_IOMAP) \
    $(wildcard include/config/TRACE_MMIO_ACCESS) \
    $(wildcard include/config/GENERIC_IOREMAP) \
    $(wildcard include/config/HAS_IOPORT_MAP) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/iomap.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/asm-generic/pci_iomap.h \
    $(wildcard include/config/PCI) \
    $(wildcard include/config/NO_GENERIC_PCI_IOPORT_MAP) \
    $(wildcard include/config/GENERIC_PCI_IOMAP) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/logic_pio.h \
    $(wildcard include/config/INDIRECT_PIO) \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/include/linux/fwnode.h \
  /work/run1/var/runner/builds/trees/linux--qemu-x86_64.config/src/kernel/uid16.h \

kernel/sys.o: $(deps_kernel/sys.o)

$(deps_kernel/sys.o):
