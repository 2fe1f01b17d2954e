package org.pgingest.load;

import org.junit.jupiter.api.Test;
import org.pgingest.workload.Table;
import org.pgingest.workload.definition.DefinitionException;

import java.sql.Connection;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Schemas no one here wrote, with rows the suite generates for them, loaded by binary COPY and compared with what
 * the server makes of the same values' text: a domain with a regular-expression CHECK, an array of a domain over a
 * domain.
 */
class RealSchemaRowsTest {
    private static void generatedRowsLoad(String ddl, String name) throws Exception {
        Table table = LoaderTestServer.newTableFromDdl(ddl, name);
        List<Object[]> rows = LoaderTestServer.rows(table, 7, 0.3).next(60);
        Loader loader = LoadMethod.COPY_BINARY.create();
        try (Connection c = LoaderTestServer.connect(loader)) {
            assertThat(loader.load(c, table, rows)).isEqualTo(rows.size());
            assertThat(ServerRows.stored(c, table)).containsExactlyElementsOf(ServerRows.expected(c, table, rows));
        }
    }

    /**
     * The generator makes no text a pattern like this accepts: one line naming the column, its CHECK and the way out,
     * not "bound must be positive" from an empty list of candidates.
     */
    @Test
    void aDomainWithARegexCheckNoGeneratedValueMeetsIsOneLineNamingTheWayOut() {
        // The table is made (a user's rows can fill it); asking it for generated rows is what fails.
        assertThatThrownBy(() -> LoaderTestServer.plan(LoaderTestServer.newTableFromDdl("CREATE DOMAIN iso_code AS text CHECK "
                + "(VALUE ~ '^[A-Z]{3}$');\nCREATE TABLE currencies (id bigserial PRIMARY KEY, code iso_code NOT NULL, name text)",
                "currencies")))
                .isInstanceOf(DefinitionException.class)
                .hasMessageContaining("column code")
                .hasMessageContaining("~ '^[A-Z]{3}$'")
                .hasMessageContaining("--rows FILE.csv")
                .hasMessageNotContaining("\n");
    }

    @Test
    void anArrayOfADomainOverADomainGetsValues() throws Exception {
        generatedRowsLoad("CREATE DOMAIN positive AS int CHECK (VALUE > 0);\n"
                + "CREATE DOMAIN small_positive AS positive CHECK (VALUE < 1000);\n"
                + "CREATE TABLE scores (id bigserial PRIMARY KEY, points small_positive[], name text)", "scores");
    }
}
