-- A wide mixed table for the performance checks of issue 16 (docs/your-table.md): 24 columns of uuid, jsonb,
-- numeric, timestamps and text, with integers, a boolean, an enum, a date, a char(3) and a float among them; a
-- primary key the application supplies and one secondary index, as an event table has.
CREATE TYPE event_kind AS ENUM ('click', 'view', 'purchase', 'refund', 'signup');

CREATE TABLE wide_events (
    id uuid PRIMARY KEY,
    account_id bigint NOT NULL,
    session_id uuid NOT NULL,
    kind event_kind NOT NULL,
    occurred_at timestamptz NOT NULL,
    received_at timestamptz NOT NULL,
    local_date date,
    amount numeric(12,2),
    tax numeric(10,2),
    currency char(3),
    quantity integer,
    price_per_unit numeric(12,4),
    title text,
    description text,
    url text,
    referrer text,
    user_agent text,
    country varchar(2),
    city varchar(64),
    is_test boolean NOT NULL,
    latency_ms double precision,
    attributes jsonb,
    context jsonb,
    updated_at timestamp
);

CREATE INDEX wide_events_account ON wide_events (account_id, occurred_at);
