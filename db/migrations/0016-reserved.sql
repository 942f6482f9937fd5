-- 0016-reserved: this number belongs to another change of the schema that
-- is developed at the same time; migrations are numbered without gaps
-- (db/embed.sh), so this empty one holds its place until that change
-- replaces it.
SELECT 1;
