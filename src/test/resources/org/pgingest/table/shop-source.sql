-- A shop's schema, written for the suite's tests: an enum, domains with CHECKs, a table partitioned by half-year,
-- foreign keys, an audit trigger, partial, expression and composite unique indexes, a generated column, and names
-- that need quoting (mixed case, a reserved word, spaces, non-ASCII). shop.pgdump.sql is this schema as
-- pg_dump --schema-only prints it (ShopDump says how it was made).
CREATE SCHEMA "Shop";

CREATE TYPE "Shop".order_status AS ENUM ('new', 'paid', 'shipped', 'cancelled');
CREATE DOMAIN "Shop".quantity AS integer CHECK (VALUE > 0 AND VALUE <= 1000);
CREATE DOMAIN "Shop".money_cents AS bigint CHECK (VALUE >= 0);

CREATE TABLE "Shop".customers (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    "E-mail" text NOT NULL,
    name text NOT NULL,
    "Größe" smallint,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX customers_email_lower ON "Shop".customers (lower("E-mail"));

CREATE TABLE "Shop".products (
    product_id integer PRIMARY KEY,
    sku varchar(32) NOT NULL UNIQUE,
    title text NOT NULL,
    price "Shop".money_cents NOT NULL,
    "order" integer,
    tags text[] NOT NULL DEFAULT '{}'
);

CREATE TABLE "Shop"."Order Lines" (
    line_id bigserial,
    order_ref uuid NOT NULL,
    customer_id bigint NOT NULL REFERENCES "Shop".customers (id),
    product_id integer NOT NULL REFERENCES "Shop".products (product_id) ON DELETE RESTRICT,
    qty "Shop".quantity NOT NULL,
    unit_price numeric(12,2) NOT NULL,
    discount numeric(12,2) NOT NULL DEFAULT 0,
    total numeric(14,2) GENERATED ALWAYS AS (qty * unit_price - discount) STORED,
    status "Shop".order_status NOT NULL DEFAULT 'new',
    gift_note varchar(200),
    attributes jsonb,
    ordered_at timestamptz NOT NULL,
    PRIMARY KEY (line_id, ordered_at),
    CONSTRAINT discount_within_price CHECK (discount >= 0 AND discount <= unit_price)
) PARTITION BY RANGE (ordered_at);
CREATE TABLE "Shop"."Order Lines 2024 H1" PARTITION OF "Shop"."Order Lines"
    FOR VALUES FROM ('2024-01-01 00:00:00+00') TO ('2024-07-01 00:00:00+00');
CREATE TABLE "Shop"."Order Lines 2024 H2" PARTITION OF "Shop"."Order Lines"
    FOR VALUES FROM ('2024-07-01 00:00:00+00') TO ('2025-01-01 00:00:00+00');
CREATE INDEX order_lines_customer ON "Shop"."Order Lines" (customer_id);
CREATE UNIQUE INDEX order_lines_ref_product ON "Shop"."Order Lines" (order_ref, product_id, ordered_at)
    WHERE status <> 'cancelled';
CREATE INDEX order_lines_open ON "Shop"."Order Lines" (ordered_at) WHERE status IN ('new', 'paid');
COMMENT ON TABLE "Shop"."Order Lines" IS 'one line per product ordered; it''s partitioned by half-year';

CREATE TABLE "Shop".audit_log (
    id bigserial PRIMARY KEY,
    table_name text NOT NULL,
    row_ref text NOT NULL,
    logged_at timestamptz NOT NULL DEFAULT now()
);
CREATE FUNCTION "Shop".log_order_line() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    -- a semicolon; in a comment, inside a dollar-quoted body
    INSERT INTO "Shop".audit_log (table_name, row_ref) VALUES (TG_TABLE_NAME, NEW.order_ref::text || ';' || NEW.product_id);
    RETURN NEW;
END
$$;
CREATE TRIGGER order_lines_audit AFTER INSERT ON "Shop"."Order Lines"
    FOR EACH ROW EXECUTE FUNCTION "Shop".log_order_line();
