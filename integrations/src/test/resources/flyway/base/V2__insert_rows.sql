INSERT INTO owner (name) VALUES ('Ann'), ('Bob');
INSERT INTO pet (owner_id, name) VALUES (1, 'Leo'), (1, 'Max'), (2, 'Rex');
