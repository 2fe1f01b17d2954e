-- Write-path experiment (seed experiment 4): articles with an identity id, a unique external id and a 384-float
-- embedding (real[] where pgvector is absent). ingested_at has a default but no sequence: an application writes it.
CREATE TABLE articles (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    external_id varchar(64) NOT NULL UNIQUE,
    title text NOT NULL,
    body text,
    category_id integer NOT NULL,
    source_id integer NOT NULL,
    published_at timestamptz,
    word_count integer,
    embedding real[],
    ingested_at timestamptz NOT NULL DEFAULT now()
);
