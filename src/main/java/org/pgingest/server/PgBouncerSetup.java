package org.pgingest.server;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Which PgBouncer the suite starts and how: the installed one (Debian bookworm ships 1.18) or the one in
 * {@code -Dpg.pgbouncer.home=DIR} (env {@code PGIB_PGBOUNCER_HOME}; {@code docker/build-vendor.sh} builds 1.25.2 into
 * /opt/pg-ingest-bench/pgbouncer-1.25), and {@code max_prepared_statements} where a run sets it. That setting came in
 * 1.21 (prepared statements tracked in transaction mode; 0 turns it off) and defaults to 200 from 1.24; unset, the
 * configuration leaves it out and the release's default holds (1.18 would refuse the line).
 *
 * @param home                  the install directory ({@code DIR/bin/pgbouncer}, or a build tree's
 *                              {@code DIR/pgbouncer}); empty for the installed program
 * @param maxPreparedStatements PgBouncer's max_prepared_statements; empty for the release's default
 */
public record PgBouncerSetup(Optional<Path> home, OptionalInt maxPreparedStatements) {
    /** The option that names the directory, as the one-line errors name it. */
    public static final String HOME_OPTION = "pg.pgbouncer.home";

    public PgBouncerSetup {
        maxPreparedStatements.ifPresent(n -> {
            if (n < 0) {
                throw new TargetException("max_prepared_statements=" + n + ": PgBouncer takes 0 (off) or more");
            }
        });
    }

    /** The installed PgBouncer with its release's defaults. */
    static PgBouncerSetup installed() {
        return new PgBouncerSetup(Optional.empty(), OptionalInt.empty());
    }

    /** The PgBouncer in {@code dir}. */
    static PgBouncerSetup at(Path dir) {
        return new PgBouncerSetup(Optional.of(dir), OptionalInt.empty());
    }

    public PgBouncerSetup withMaxPreparedStatements(int n) {
        return new PgBouncerSetup(home, OptionalInt.of(n));
    }

    /** The program in {@code dir}: {@code bin/pgbouncer} of an install, or {@code pgbouncer} of a build tree. */
    static Optional<Path> binaryIn(Path dir) {
        return Optional.of(dir.resolve("bin").resolve("pgbouncer")).filter(Files::isExecutable)
                .or(() -> Optional.of(dir.resolve("pgbouncer")).filter(Files::isExecutable));
    }

    /** The program this setup names, or the one line that says it is not there and how to get it. */
    Path requireBinary(Via via) {
        if (home.isEmpty()) {
            return PgBouncer.binary().orElseThrow(() -> PgBouncer.notInstalled(via));
        }
        return binaryIn(home.get()).orElseThrow(() -> notIn(home.get()));
    }

    /** The one line for a directory without PgBouncer in it. */
    static TargetException notIn(Path dir) {
        return new TargetException("-D" + HOME_OPTION + "=" + dir + " holds no PgBouncer (neither " + dir
                + "/bin/pgbouncer nor " + dir + "/pgbouncer is an executable): name the directory PgBouncer was "
                + "installed into (./configure --prefix=DIR; docker/build-vendor.sh builds 1.25.2 into "
                + "/opt/pg-ingest-bench/pgbouncer-1.25), or leave the option out for the installed one");
    }
}
