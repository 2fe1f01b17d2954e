-- The index ladder: primary key, unique email, and a btree on the creation time.
CREATE TABLE users (
    id bigserial PRIMARY KEY,
    name text,
    email text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL
);
CREATE INDEX ON users (created_at);
