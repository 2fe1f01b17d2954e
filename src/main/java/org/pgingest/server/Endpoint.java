package org.pgingest.server;

import java.util.Objects;

/**
 * Where and as whom to connect. {@link #toString()} and {@link #describe()} never contain the password.
 *
 * @param host     host name or address
 * @param port     TCP port
 * @param database database name
 * @param user     role name
 * @param password password, possibly none
 */
public record Endpoint(String host, int port, String database, String user, Secret password) {
    public Endpoint {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(database, "database");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(password, "password");
    }

    /** The JDBC URL, without credentials (they travel as connection properties). */
    public String jdbcUrl() {
        String h = host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
        return "jdbc:postgresql://" + h + ":" + port + "/" + database;
    }

    Endpoint withDatabase(String otherDatabase) {
        return new Endpoint(host, port, otherDatabase, user, password);
    }

    /** "user@host:port/database", for messages. */
    String describe() {
        return user + "@" + host + ":" + port + "/" + database;
    }

    @Override
    public String toString() {
        return describe();
    }
}
