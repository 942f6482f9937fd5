-- SPDX-License-Identifier: GPL-2.0-only
-- 0008-pipeline: the kernel release a build produced (its
-- include/config/kernel.release), so that the bench jobs queued after it
-- can name the release the booted guest must report.
ALTER TABLE builds ADD COLUMN kernel_release TEXT;
