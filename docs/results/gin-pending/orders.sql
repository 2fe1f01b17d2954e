--
-- PostgreSQL database dump
--

-- Dumped from database version 16.4
-- Dumped by pg_dump version 16.4

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

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: order_events; Type: TABLE; Schema: public; Owner: app
--

CREATE TABLE public.order_events (
    id bigint NOT NULL,
    order_no text NOT NULL,
    customer_id bigint NOT NULL,
    placed_at timestamp with time zone NOT NULL,
    status text DEFAULT 'new'::text NOT NULL,
    total numeric(12,2) NOT NULL,
    currency character(3) DEFAULT 'EUR'::bpchar NOT NULL,
    is_gift boolean DEFAULT false NOT NULL,
    tags text[],
    payload jsonb,
    note text,
    CONSTRAINT order_events_total_check CHECK ((total >= (0)::numeric)),
    CONSTRAINT order_events_status_check CHECK ((status = ANY (ARRAY['new'::text, 'paid'::text, 'shipped'::text, 'cancelled'::text])))
);


ALTER TABLE public.order_events OWNER TO app;

--
-- Name: order_events_id_seq; Type: SEQUENCE; Schema: public; Owner: app
--

ALTER TABLE public.order_events ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.order_events_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: order_events order_events_pkey; Type: CONSTRAINT; Schema: public; Owner: app
--

ALTER TABLE ONLY public.order_events
    ADD CONSTRAINT order_events_pkey PRIMARY KEY (id);


--
-- Name: order_events_customer_placed; Type: INDEX; Schema: public; Owner: app
--

CREATE INDEX order_events_customer_placed ON public.order_events USING btree (customer_id, placed_at);


--
-- Name: order_events_tags; Type: INDEX; Schema: public; Owner: app
--

CREATE INDEX order_events_tags ON public.order_events USING gin (tags);


--
-- Name: order_events_order_no_key; Type: INDEX; Schema: public; Owner: app
--

CREATE UNIQUE INDEX order_events_order_no_key ON public.order_events USING btree (order_no);


--
-- PostgreSQL database dump complete
--
