--
-- PostgreSQL database dump
--

\restrict 1cRL8mUy0sgAfZ4vNDmOoJeRrnHA88MwAeUgw4vfieDBcE4DK3y8aq1WcApG5M8

-- Dumped from database version 15.19
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: Shop; Type: SCHEMA; Schema: -; Owner: shop_owner
--

CREATE SCHEMA "Shop";


ALTER SCHEMA "Shop" OWNER TO shop_owner;

--
-- Name: money_cents; Type: DOMAIN; Schema: Shop; Owner: shop_owner
--

CREATE DOMAIN "Shop".money_cents AS bigint
	CONSTRAINT money_cents_check CHECK ((VALUE >= 0));


ALTER DOMAIN "Shop".money_cents OWNER TO shop_owner;

--
-- Name: order_status; Type: TYPE; Schema: Shop; Owner: shop_owner
--

CREATE TYPE "Shop".order_status AS ENUM (
    'new',
    'paid',
    'shipped',
    'cancelled'
);


ALTER TYPE "Shop".order_status OWNER TO shop_owner;

--
-- Name: quantity; Type: DOMAIN; Schema: Shop; Owner: shop_owner
--

CREATE DOMAIN "Shop".quantity AS integer
	CONSTRAINT quantity_check CHECK (((VALUE > 0) AND (VALUE <= 1000)));


ALTER DOMAIN "Shop".quantity OWNER TO shop_owner;

--
-- Name: log_order_line(); Type: FUNCTION; Schema: Shop; Owner: shop_owner
--

CREATE FUNCTION "Shop".log_order_line() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    -- a semicolon; in a comment, inside a dollar-quoted body
    INSERT INTO "Shop".audit_log (table_name, row_ref) VALUES (TG_TABLE_NAME, NEW.order_ref::text || ';' || NEW.product_id);
    RETURN NEW;
END
$$;


ALTER FUNCTION "Shop".log_order_line() OWNER TO shop_owner;

SET default_tablespace = '';

--
-- Name: Order Lines; Type: TABLE; Schema: Shop; Owner: shop_owner
--

CREATE TABLE "Shop"."Order Lines" (
    line_id bigint NOT NULL,
    order_ref uuid NOT NULL,
    customer_id bigint NOT NULL,
    product_id integer NOT NULL,
    qty "Shop".quantity NOT NULL,
    unit_price numeric(12,2) NOT NULL,
    discount numeric(12,2) DEFAULT 0 NOT NULL,
    total numeric(16,2) GENERATED ALWAYS AS ((((qty)::numeric * unit_price) - discount)) STORED,
    status "Shop".order_status DEFAULT 'new'::"Shop".order_status NOT NULL,
    gift_note character varying(200),
    attributes jsonb,
    ordered_at timestamp with time zone NOT NULL,
    CONSTRAINT discount_within_price CHECK (((discount >= (0)::numeric) AND (discount <= unit_price)))
)
PARTITION BY RANGE (ordered_at);


ALTER TABLE "Shop"."Order Lines" OWNER TO shop_owner;

--
-- Name: TABLE "Order Lines"; Type: COMMENT; Schema: Shop; Owner: shop_owner
--

COMMENT ON TABLE "Shop"."Order Lines" IS 'one line per product ordered; it''s partitioned by half-year';


--
-- Name: Order Lines_line_id_seq; Type: SEQUENCE; Schema: Shop; Owner: shop_owner
--

CREATE SEQUENCE "Shop"."Order Lines_line_id_seq"
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER TABLE "Shop"."Order Lines_line_id_seq" OWNER TO shop_owner;

--
-- Name: Order Lines_line_id_seq; Type: SEQUENCE OWNED BY; Schema: Shop; Owner: shop_owner
--

ALTER SEQUENCE "Shop"."Order Lines_line_id_seq" OWNED BY "Shop"."Order Lines".line_id;


SET default_table_access_method = heap;

--
-- Name: Order Lines 2024 H1; Type: TABLE; Schema: Shop; Owner: shop_owner
--

CREATE TABLE "Shop"."Order Lines 2024 H1" (
    line_id bigint DEFAULT nextval('"Shop"."Order Lines_line_id_seq"'::regclass) NOT NULL,
    order_ref uuid NOT NULL,
    customer_id bigint NOT NULL,
    product_id integer NOT NULL,
    qty "Shop".quantity NOT NULL,
    unit_price numeric(12,2) NOT NULL,
    discount numeric(12,2) DEFAULT 0 NOT NULL,
    total numeric(16,2) GENERATED ALWAYS AS ((((qty)::numeric * unit_price) - discount)) STORED,
    status "Shop".order_status DEFAULT 'new'::"Shop".order_status NOT NULL,
    gift_note character varying(200),
    attributes jsonb,
    ordered_at timestamp with time zone NOT NULL,
    CONSTRAINT discount_within_price CHECK (((discount >= (0)::numeric) AND (discount <= unit_price)))
);


ALTER TABLE "Shop"."Order Lines 2024 H1" OWNER TO shop_owner;

--
-- Name: Order Lines 2024 H2; Type: TABLE; Schema: Shop; Owner: shop_owner
--

CREATE TABLE "Shop"."Order Lines 2024 H2" (
    line_id bigint DEFAULT nextval('"Shop"."Order Lines_line_id_seq"'::regclass) NOT NULL,
    order_ref uuid NOT NULL,
    customer_id bigint NOT NULL,
    product_id integer NOT NULL,
    qty "Shop".quantity NOT NULL,
    unit_price numeric(12,2) NOT NULL,
    discount numeric(12,2) DEFAULT 0 NOT NULL,
    total numeric(16,2) GENERATED ALWAYS AS ((((qty)::numeric * unit_price) - discount)) STORED,
    status "Shop".order_status DEFAULT 'new'::"Shop".order_status NOT NULL,
    gift_note character varying(200),
    attributes jsonb,
    ordered_at timestamp with time zone NOT NULL,
    CONSTRAINT discount_within_price CHECK (((discount >= (0)::numeric) AND (discount <= unit_price)))
);


ALTER TABLE "Shop"."Order Lines 2024 H2" OWNER TO shop_owner;

--
-- Name: audit_log; Type: TABLE; Schema: Shop; Owner: shop_owner
--

CREATE TABLE "Shop".audit_log (
    id bigint NOT NULL,
    table_name text NOT NULL,
    row_ref text NOT NULL,
    logged_at timestamp with time zone DEFAULT now() NOT NULL
);


ALTER TABLE "Shop".audit_log OWNER TO shop_owner;

--
-- Name: audit_log_id_seq; Type: SEQUENCE; Schema: Shop; Owner: shop_owner
--

CREATE SEQUENCE "Shop".audit_log_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER TABLE "Shop".audit_log_id_seq OWNER TO shop_owner;

--
-- Name: audit_log_id_seq; Type: SEQUENCE OWNED BY; Schema: Shop; Owner: shop_owner
--

ALTER SEQUENCE "Shop".audit_log_id_seq OWNED BY "Shop".audit_log.id;


--
-- Name: customers; Type: TABLE; Schema: Shop; Owner: shop_owner
--

CREATE TABLE "Shop".customers (
    id bigint NOT NULL,
    "E-mail" text NOT NULL,
    name text NOT NULL,
    "Größe" smallint,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


ALTER TABLE "Shop".customers OWNER TO shop_owner;

--
-- Name: customers_id_seq; Type: SEQUENCE; Schema: Shop; Owner: shop_owner
--

ALTER TABLE "Shop".customers ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME "Shop".customers_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: products; Type: TABLE; Schema: Shop; Owner: shop_owner
--

CREATE TABLE "Shop".products (
    product_id integer NOT NULL,
    sku character varying(32) NOT NULL,
    title text NOT NULL,
    price "Shop".money_cents NOT NULL,
    "order" integer,
    tags text[] DEFAULT '{}'::text[] NOT NULL
);


ALTER TABLE "Shop".products OWNER TO shop_owner;

--
-- Name: Order Lines 2024 H1; Type: TABLE ATTACH; Schema: Shop; Owner: shop_owner
--

ALTER TABLE ONLY "Shop"."Order Lines" ATTACH PARTITION "Shop"."Order Lines 2024 H1" FOR VALUES FROM ('2024-01-01 00:00:00+00') TO ('2024-07-01 00:00:00+00');


--
-- Name: Order Lines 2024 H2; Type: TABLE ATTACH; Schema: Shop; Owner: shop_owner
--

ALTER TABLE ONLY "Shop"."Order Lines" ATTACH PARTITION "Shop"."Order Lines 2024 H2" FOR VALUES FROM ('2024-07-01 00:00:00+00') TO ('2025-01-01 00:00:00+00');


--
-- Name: Order Lines line_id; Type: DEFAULT; Schema: Shop; Owner: shop_owner
--

ALTER TABLE ONLY "Shop"."Order Lines" ALTER COLUMN line_id SET DEFAULT nextval('"Shop"."Order Lines_line_id_seq"'::regclass);


--
-- Name: audit_log id; Type: DEFAULT; Schema: Shop; Owner: shop_owner
--

ALTER TABLE ONLY "Shop".audit_log ALTER COLUMN id SET DEFAULT nextval('"Shop".audit_log_id_seq'::regclass);


--
-- Name: Order Lines Order Lines_pkey; Type: CONSTRAINT; Schema: Shop; Owner: shop_owner
--

ALTER TABLE ONLY "Shop"."Order Lines"
    ADD CONSTRAINT "Order Lines_pkey" PRIMARY KEY (line_id, ordered_at);


--
-- Name: Order Lines 2024 H1 Order Lines 2024 H1_pkey; Type: CONSTRAINT; Schema: Shop; Owner: shop_owner
--

ALTER TABLE ONLY "Shop"."Order Lines 2024 H1"
    ADD CONSTRAINT "Order Lines 2024 H1_pkey" PRIMARY KEY (line_id, ordered_at);


--
-- Name: Order Lines 2024 H2 Order Lines 2024 H2_pkey; Type: CONSTRAINT; Schema: Shop; Owner: shop_owner
--

ALTER TABLE ONLY "Shop"."Order Lines 2024 H2"
    ADD CONSTRAINT "Order Lines 2024 H2_pkey" PRIMARY KEY (line_id, ordered_at);


--
-- Name: audit_log audit_log_pkey; Type: CONSTRAINT; Schema: Shop; Owner: shop_owner
--

ALTER TABLE ONLY "Shop".audit_log
    ADD CONSTRAINT audit_log_pkey PRIMARY KEY (id);


--
-- Name: customers customers_pkey; Type: CONSTRAINT; Schema: Shop; Owner: shop_owner
--

ALTER TABLE ONLY "Shop".customers
    ADD CONSTRAINT customers_pkey PRIMARY KEY (id);


--
-- Name: products products_pkey; Type: CONSTRAINT; Schema: Shop; Owner: shop_owner
--

ALTER TABLE ONLY "Shop".products
    ADD CONSTRAINT products_pkey PRIMARY KEY (product_id);


--
-- Name: products products_sku_key; Type: CONSTRAINT; Schema: Shop; Owner: shop_owner
--

ALTER TABLE ONLY "Shop".products
    ADD CONSTRAINT products_sku_key UNIQUE (sku);


--
-- Name: order_lines_customer; Type: INDEX; Schema: Shop; Owner: shop_owner
--

CREATE INDEX order_lines_customer ON ONLY "Shop"."Order Lines" USING btree (customer_id);


--
-- Name: Order Lines 2024 H1_customer_id_idx; Type: INDEX; Schema: Shop; Owner: shop_owner
--

CREATE INDEX "Order Lines 2024 H1_customer_id_idx" ON "Shop"."Order Lines 2024 H1" USING btree (customer_id);


--
-- Name: order_lines_ref_product; Type: INDEX; Schema: Shop; Owner: shop_owner
--

CREATE UNIQUE INDEX order_lines_ref_product ON ONLY "Shop"."Order Lines" USING btree (order_ref, product_id, ordered_at) WHERE (status <> 'cancelled'::"Shop".order_status);


--
-- Name: Order Lines 2024 H1_order_ref_product_id_ordered_at_idx; Type: INDEX; Schema: Shop; Owner: shop_owner
--

CREATE UNIQUE INDEX "Order Lines 2024 H1_order_ref_product_id_ordered_at_idx" ON "Shop"."Order Lines 2024 H1" USING btree (order_ref, product_id, ordered_at) WHERE (status <> 'cancelled'::"Shop".order_status);


--
-- Name: order_lines_open; Type: INDEX; Schema: Shop; Owner: shop_owner
--

CREATE INDEX order_lines_open ON ONLY "Shop"."Order Lines" USING btree (ordered_at) WHERE (status = ANY (ARRAY['new'::"Shop".order_status, 'paid'::"Shop".order_status]));


--
-- Name: Order Lines 2024 H1_ordered_at_idx; Type: INDEX; Schema: Shop; Owner: shop_owner
--

CREATE INDEX "Order Lines 2024 H1_ordered_at_idx" ON "Shop"."Order Lines 2024 H1" USING btree (ordered_at) WHERE (status = ANY (ARRAY['new'::"Shop".order_status, 'paid'::"Shop".order_status]));


--
-- Name: Order Lines 2024 H2_customer_id_idx; Type: INDEX; Schema: Shop; Owner: shop_owner
--

CREATE INDEX "Order Lines 2024 H2_customer_id_idx" ON "Shop"."Order Lines 2024 H2" USING btree (customer_id);


--
-- Name: Order Lines 2024 H2_order_ref_product_id_ordered_at_idx; Type: INDEX; Schema: Shop; Owner: shop_owner
--

CREATE UNIQUE INDEX "Order Lines 2024 H2_order_ref_product_id_ordered_at_idx" ON "Shop"."Order Lines 2024 H2" USING btree (order_ref, product_id, ordered_at) WHERE (status <> 'cancelled'::"Shop".order_status);


--
-- Name: Order Lines 2024 H2_ordered_at_idx; Type: INDEX; Schema: Shop; Owner: shop_owner
--

CREATE INDEX "Order Lines 2024 H2_ordered_at_idx" ON "Shop"."Order Lines 2024 H2" USING btree (ordered_at) WHERE (status = ANY (ARRAY['new'::"Shop".order_status, 'paid'::"Shop".order_status]));


--
-- Name: customers_email_lower; Type: INDEX; Schema: Shop; Owner: shop_owner
--

CREATE UNIQUE INDEX customers_email_lower ON "Shop".customers USING btree (lower("E-mail"));


--
-- Name: Order Lines 2024 H1_customer_id_idx; Type: INDEX ATTACH; Schema: Shop; Owner: shop_owner
--

ALTER INDEX "Shop".order_lines_customer ATTACH PARTITION "Shop"."Order Lines 2024 H1_customer_id_idx";


--
-- Name: Order Lines 2024 H1_order_ref_product_id_ordered_at_idx; Type: INDEX ATTACH; Schema: Shop; Owner: shop_owner
--

ALTER INDEX "Shop".order_lines_ref_product ATTACH PARTITION "Shop"."Order Lines 2024 H1_order_ref_product_id_ordered_at_idx";


--
-- Name: Order Lines 2024 H1_ordered_at_idx; Type: INDEX ATTACH; Schema: Shop; Owner: shop_owner
--

ALTER INDEX "Shop".order_lines_open ATTACH PARTITION "Shop"."Order Lines 2024 H1_ordered_at_idx";


--
-- Name: Order Lines 2024 H1_pkey; Type: INDEX ATTACH; Schema: Shop; Owner: shop_owner
--

ALTER INDEX "Shop"."Order Lines_pkey" ATTACH PARTITION "Shop"."Order Lines 2024 H1_pkey";


--
-- Name: Order Lines 2024 H2_customer_id_idx; Type: INDEX ATTACH; Schema: Shop; Owner: shop_owner
--

ALTER INDEX "Shop".order_lines_customer ATTACH PARTITION "Shop"."Order Lines 2024 H2_customer_id_idx";


--
-- Name: Order Lines 2024 H2_order_ref_product_id_ordered_at_idx; Type: INDEX ATTACH; Schema: Shop; Owner: shop_owner
--

ALTER INDEX "Shop".order_lines_ref_product ATTACH PARTITION "Shop"."Order Lines 2024 H2_order_ref_product_id_ordered_at_idx";


--
-- Name: Order Lines 2024 H2_ordered_at_idx; Type: INDEX ATTACH; Schema: Shop; Owner: shop_owner
--

ALTER INDEX "Shop".order_lines_open ATTACH PARTITION "Shop"."Order Lines 2024 H2_ordered_at_idx";


--
-- Name: Order Lines 2024 H2_pkey; Type: INDEX ATTACH; Schema: Shop; Owner: shop_owner
--

ALTER INDEX "Shop"."Order Lines_pkey" ATTACH PARTITION "Shop"."Order Lines 2024 H2_pkey";


--
-- Name: Order Lines order_lines_audit; Type: TRIGGER; Schema: Shop; Owner: shop_owner
--

CREATE TRIGGER order_lines_audit AFTER INSERT ON "Shop"."Order Lines" FOR EACH ROW EXECUTE FUNCTION "Shop".log_order_line();


--
-- Name: Order Lines Order Lines_customer_id_fkey; Type: FK CONSTRAINT; Schema: Shop; Owner: shop_owner
--

ALTER TABLE "Shop"."Order Lines"
    ADD CONSTRAINT "Order Lines_customer_id_fkey" FOREIGN KEY (customer_id) REFERENCES "Shop".customers(id);


--
-- Name: Order Lines Order Lines_product_id_fkey; Type: FK CONSTRAINT; Schema: Shop; Owner: shop_owner
--

ALTER TABLE "Shop"."Order Lines"
    ADD CONSTRAINT "Order Lines_product_id_fkey" FOREIGN KEY (product_id) REFERENCES "Shop".products(product_id) ON DELETE RESTRICT;


--
-- PostgreSQL database dump complete
--

\unrestrict 1cRL8mUy0sgAfZ4vNDmOoJeRrnHA88MwAeUgw4vfieDBcE4DK3y8aq1WcApG5M8

