CREATE INDEX pet_owner_idx ON pet (owner_id);
