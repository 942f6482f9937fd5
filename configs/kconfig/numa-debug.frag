# SPDX-License-Identifier: GPL-2.0-only
# numa-debug.frag - a fragment for configs/kconfig/qemu-x86_64.config:
# NUMA emulation on the kernel command line (numa=fake=N) for runners
# without -numa support.
CONFIG_NUMA_EMU=y
