-- 0013-reserved: a placeholder for the migration of this number that another
-- branch brings; it lets this branch build and is deleted when that one lands.
SELECT 1;
