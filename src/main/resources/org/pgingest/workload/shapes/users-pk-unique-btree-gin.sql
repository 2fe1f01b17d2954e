-- The index ladder's top rung: primary key, unique email, btree on the creation time, and a full-text GIN index on
-- the name (to_tsvector with an explicit configuration is immutable, as an index expression must be).
CREATE TABLE users (
    id bigserial PRIMARY KEY,
    name text,
    email text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL
);
CREATE INDEX ON users (created_at);
CREATE INDEX ON users USING gin (to_tsvector('simple', coalesce(name, '')));
