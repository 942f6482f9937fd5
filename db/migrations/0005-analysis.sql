-- 0005-analysis: reserved for change analysis (issue #6).
SELECT 1;
