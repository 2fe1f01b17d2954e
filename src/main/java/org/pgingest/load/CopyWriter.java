package org.pgingest.load;

import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;
import org.pgingest.workload.Table;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Streams rows through {@code COPY ... FROM STDIN}: rows are encoded into a buffer of about
 * {@value CopyFormat#FLUSH_BYTES} bytes that is handed to the driver and reused, so client memory does not grow
 * with the number of rows. A rejected row is located from the server's error context ("COPY t, line N"): N counts
 * tuples in binary format and lines in text, where a row is one line; in CSV a quoted newline inside a value
 * counts as a line too, so the rows holding such newlines are remembered (the only client memory that grows
 * with the input, and only with rows that contain line breaks).
 * <p>
 * That context is the only place PostgreSQL (9.x-18) names the line, and lc_messages translates it ("COPY t, Zeile
 * N", "COPY t, ligne N"): the translations keep the word COPY and the relation's name, and N is the first number
 * after that name, so the line is read as such, not by the English word.
 */
final class CopyWriter {
    /** Text without digits, then the first number. */
    private static final Pattern NUMBER = Pattern.compile("\\D*?(\\d+)");

    private CopyWriter() {
    }

    /**
     * COPY of the (checked) rows into {@code qualifiedTarget}, a table with {@code table}'s loader columns (the
     * table itself or a staging table), in {@code format} with any extra options (e.g. FREEZE). {@code relation} is
     * its bare name, as the server's error context names it.
     */
    static long copy(Connection connection, String qualifiedTarget, String relation, Table table, CopyFormat format,
                     Iterable<Object[]> rows, String... extraOptions) throws SQLException {
        CopyIn copy = connection.unwrap(PGConnection.class).getCopyAPI()
                .copyIn(format.copySql(qualifiedTarget, table.columnList(), extraOptions));
        LineBreaks lineBreaks = new LineBreaks();
        try {
            format.stream(table.columns(), rows, (bytes, length) -> copy.writeToCopy(bytes, 0, length), lineBreaks);
            return copy.endCopy();
        } catch (SQLException e) {
            cancel(copy, e);
            throw located(e, relation, lineBreaks);
        } catch (Throwable e) {
            // A row the check refused, or an Error: end the COPY so the connection can roll back.
            cancel(copy, e);
            throw e;
        }
    }

    private static void cancel(CopyIn copy, Throwable failure) {
        if (copy.isActive()) {
            try {
                copy.cancelCopy();
            } catch (SQLException cancelFailure) {
                failure.addSuppressed(cancelFailure);
            }
        }
    }

    /** The row the server names in its error context, as a {@link LocatedFailure}; otherwise the error. */
    static SQLException located(SQLException e, String relation, LineBreaks lineBreaks) {
        if (e instanceof PSQLException p) {
            ServerErrorMessage server = p.getServerErrorMessage();
            OptionalLong line = server == null ? OptionalLong.empty() : copyLine(server.getWhere(), relation);
            if (line.isPresent()) {
                return new LocatedFailure(lineBreaks.rowOfLine(line.getAsLong()), e);
            }
        }
        return e;
    }

    /**
     * The line number of COPY's context line in {@code where} (one context per line; a trigger's or a domain's
     * come before COPY's): on the first line that holds the word COPY and {@code relation}, the first number after
     * the relation's name.
     */
    static OptionalLong copyLine(String where, String relation) {
        if (where == null) {
            return OptionalLong.empty();
        }
        for (String context : where.split("\n")) {
            int name = context.indexOf(relation);
            if (name < 0 || !context.contains("COPY")) {
                continue;
            }
            Matcher number = NUMBER.matcher(context).region(name + relation.length(), context.length());
            if (number.lookingAt()) {
                return OptionalLong.of(Long.parseLong(number.group(1)));
            }
        }
        return OptionalLong.empty();
    }

    /** Rows that contain line breaks PostgreSQL counts, one entry per break, in input order. */
    static final class LineBreaks implements CopyFormat.LineBreakSink {
        private long[] rowOfBreak = new long[0];
        private int size;

        @Override
        public void add(long row, int breaks) {
            for (int i = 0; i < breaks; i++) {
                if (size == rowOfBreak.length) {
                    rowOfBreak = Arrays.copyOf(rowOfBreak, Math.max(16, size * 2));
                }
                rowOfBreak[size++] = row;
            }
        }

        /**
         * The 0-based row on which the server's 1-based {@code line} falls. Row r ends on line
         * r + 1 + (breaks in rows 0..r), so the answer is the first row that ends on or after {@code line}.
         */
        long rowOfLine(long line) {
            long breaksBefore = 0;
            int i = 0;
            while (i < size) {
                long row = rowOfBreak[i];
                if (line <= row + breaksBefore) {
                    break; // ends in a break-free row before this one
                }
                int breaks = 0;
                while (i < size && rowOfBreak[i] == row) {
                    breaks++;
                    i++;
                }
                if (line <= row + 1 + breaksBefore + breaks) {
                    return row;
                }
                breaksBefore += breaks;
            }
            return line - 1 - breaksBefore;
        }
    }
}
