package org.pgingest.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One fixed-rate run as {@code ./bench rate} writes it ({@code org.pgingest.rate.RateResult#toMap} plus the server
 * facts), read back for the report. A missing figure (null in the JSON) is NaN here, never 0.
 *
 * @param source          the file it came from
 * @param method          load method
 * @param batch           rows per call
 * @param workers         concurrent writers
 * @param connections     POOLED or NEW_PER_CALL
 * @param askedRowsPerSecond the target rate
 * @param held            whether the rate was held
 * @param achievedRowsPerSecond rows committed per second
 * @param latencyMs       p50, p90, p99 and max of call latency from the scheduled start
 * @param lagP99Ms        p99 of the schedule lag (scheduled to actual start)
 * @param cpuPercent      server CPU as a share of one core
 * @param walFsyncsPerRow WAL fsyncs per row
 * @param walBytesPerRow  WAL bytes per row
 * @param serverVersion   the server's version, as recorded
 * @param warnings        the server facts' warnings (fsync off, durability, settings that differ), as recorded
 */
public record RateRecord(String source, String method, int batch, int workers, String connections,
                         double askedRowsPerSecond, boolean held, double achievedRowsPerSecond, double[] latencyMs,
                         double lagP99Ms, double cpuPercent, double walFsyncsPerRow, double walBytesPerRow,
                         String serverVersion, List<String> warnings) {
    private static final ObjectMapper JSON = new ObjectMapper();

    public RateRecord {
        warnings = List.copyOf(warnings);
    }

    /**
     * Whether the file holds fixed-rate results (one object with "plan" and "held", or an array of them) rather than
     * a JMH result; unreadable files are left to the reader that reports them.
     */
    public static boolean holdsRateResults(Path path) {
        if (!Files.isRegularFile(path)) {
            // Not read at all: a named pipe would block here for ever (found by the adversarial pass).
            return false;
        }
        try {
            JsonNode root = JSON.readTree(path.toFile());
            JsonNode first = root != null && root.isArray() && !root.isEmpty() ? root.get(0) : root;
            return first != null && first.isObject() && first.has("plan") && first.has("held");
        } catch (IOException e) {
            return false;
        }
    }

    /** Every rate result in the file, in file order. */
    public static List<RateRecord> read(Path path) {
        JsonNode root;
        try {
            root = JSON.readTree(path.toFile());
        } catch (JsonProcessingException e) {
            throw new ResultFileException(path + " is not JSON (" + e.getOriginalMessage() + ")", e);
        } catch (IOException e) {
            throw new ResultFileException(path + " cannot be read: " + e.getMessage(), e);
        }
        List<RateRecord> records = new ArrayList<>();
        for (JsonNode result : root.isArray() ? root : List.of(root)) {
            JsonNode plan = result.path("plan");
            if (!plan.isObject() || !result.has("held")) {
                throw new ResultFileException(path + " is not a rate result: entry " + records.size()
                        + " has no plan or held (expected ./bench rate --json output)");
            }
            String bad = !plan.path("method").isTextual() || plan.path("method").asText().isBlank() ? "plan.method"
                    : !plan.path("batch").canConvertToInt() || !plan.path("batch").isIntegralNumber()
                    || plan.path("batch").asInt() < 1 ? "plan.batch"
                    : !plan.path("workers").isIntegralNumber() || !plan.path("workers").canConvertToInt()
                    || plan.path("workers").asInt() < 1 ? "plan.workers"
                    : !(number(plan.get("rowsPerSecond")) > 0) || !Double.isFinite(number(plan.get("rowsPerSecond")))
                    ? "plan.rowsPerSecond" : !result.path("held").isBoolean() ? "held"
                    : number(result.get("achievedRowsPerSecond")) < 0 ? "achievedRowsPerSecond" : null;
            if (bad != null) {
                // an edited or foreign file would otherwise chart a ladder of nameless or zero-row cells
                throw new ResultFileException(path + " is not a rate result: entry " + records.size() + "'s " + bad
                        + " is not what ./bench rate --json writes (a method name, whole numbers of rows per call "
                        + "and workers of at least 1, a positive rate, held true or false, an achieved rate not below 0)");
            }
            JsonNode latency = result.path("latencyMs");
            JsonNode server = result.path("server");
            List<String> warnings = new ArrayList<>();
            result.path("serverFacts").path("warnings").forEach(w -> warnings.add(w.asText()));
            records.add(new RateRecord(path.getFileName().toString(), plan.path("method").asText(),
                    plan.path("batch").asInt(), plan.path("workers").asInt(), plan.path("connections").asText(),
                    number(plan.get("rowsPerSecond")), result.path("held").asBoolean(),
                    number(result.get("achievedRowsPerSecond")),
                    new double[] {number(latency.get("p50")), number(latency.get("p90")), number(latency.get("p99")),
                            number(latency.get("max"))},
                    number(result.path("scheduleLagMs").get("p99")), number(server.get("cpuPercentOfOneCore")),
                    number(server.get("walFsyncsPerRow")), number(server.get("walBytesPerRow")),
                    result.path("serverFacts").path("serverVersion").asText("unknown"), warnings));
        }
        return records;
    }

    private static double number(JsonNode node) {
        return node == null || node.isNull() || !node.isNumber() ? Double.NaN : node.asDouble();
    }

    /** "COPY_BINARY ×5, 50 workers, 1,000 rows/s": one cell of a rate ladder. */
    public String label() {
        return String.format(Locale.ROOT, "%s ×%d, %d workers%s, %,.0f rows/s", method, batch, workers,
                "POOLED".equals(connections) ? "" : " (" + connections.toLowerCase(Locale.ROOT) + ")",
                askedRowsPerSecond);
    }
}
