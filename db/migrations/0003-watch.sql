-- 0003-watch: reserved for watching trees (issue #3).
SELECT 1;
