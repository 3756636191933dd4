-- the first statement succeeds (and stays: DDL is not transactional), the second fails
ALTER TABLE owner ADD COLUMN email VARCHAR(80);
INSERT INTO no_such_table VALUES (1);
