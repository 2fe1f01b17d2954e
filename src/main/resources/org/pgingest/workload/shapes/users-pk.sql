-- The index ladder's first rung: the primary key only (no unique email, so nothing for upserts to conflict on).
CREATE TABLE users (
    id bigserial PRIMARY KEY,
    name text,
    email text NOT NULL,
    created_at timestamptz NOT NULL
);
