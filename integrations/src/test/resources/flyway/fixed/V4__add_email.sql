-- the fixed migration: the column survived the failed attempt, so only the data is left
UPDATE owner SET email = LOWER(name) || '@example.org';
