-- Go/pgx showdown (seed experiment 1): a generated id, a unique email (what upserts conflict on) and a creation time.
CREATE TABLE users (
    id bigserial PRIMARY KEY,
    name text,
    email text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL
);
