-- 0004-builds: reserved for kernel builds and artifacts (issue #4).
SELECT 1;
