package org.pgingest.workload.definition;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Which of a DDL file's statements define part of a table: those may block it when they fail, others may not. */
class TableSourcesTest {
    @Test
    void statementsOnTheTableArePartOfIt() {
        String name = "\"Shop\".\"Order Lines\"";
        assertThat(TableSources.definesPartOf("CREATE TABLE \"Shop\".\"Order Lines\" (id bigint)", name)).isTrue();
        assertThat(TableSources.definesPartOf("create unlogged table if not exists \"Shop\".\"Order Lines\" (id bigint)",
                name)).isTrue();
        assertThat(TableSources.definesPartOf("ALTER TABLE ONLY \"Shop\".\"Order Lines\"\n    ADD CONSTRAINT pk PRIMARY "
                + "KEY (id)", name)).isTrue();
        assertThat(TableSources.definesPartOf("CREATE UNIQUE INDEX ol_key ON ONLY \"Shop\".\"Order Lines\" USING btree "
                + "(id)", name)).isTrue();
        assertThat(TableSources.definesPartOf("CREATE TRIGGER audit AFTER INSERT OR UPDATE ON \"Shop\".\"Order Lines\" "
                + "FOR EACH ROW EXECUTE FUNCTION audit()", name)).isTrue();
        assertThat(TableSources.definesPartOf("CREATE TABLE \"Shop\".ol_2026 PARTITION OF \"Shop\".\"Order Lines\" FOR "
                + "VALUES FROM (1) TO (2)", name)).as("a partition of it").isTrue();
    }

    @Test
    void statementsOnOtherTablesThatReferToItAreNot() {
        assertThat(TableSources.definesPartOf("ALTER TABLE ONLY public.film_embedding ADD CONSTRAINT fe_film FOREIGN KEY "
                + "(film_id) REFERENCES public.film(film_id)", "public.film")).isFalse();
        assertThat(TableSources.definesPartOf("CREATE TABLE public.film_embedding (film_id integer REFERENCES "
                + "public.film (film_id))", "public.film")).isFalse();
        assertThat(TableSources.definesPartOf("CREATE VIEW public.films AS SELECT * FROM public.film", "public.film"))
                .isFalse();
        assertThat(TableSources.definesPartOf("CREATE INDEX ON public.film_list (title)", "public.film")).isFalse();
        assertThat(TableSources.definesPartOf("ALTER TABLE public.film_category ADD COLUMN x int", "film")).isFalse();
    }
}
