package org.pgingest.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.pgingest.load.LoadMethod;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** What the verdict says of slices left out as compiling, on a hand-made ranking. */
class RankVerdictTest {
    /** COPY_BINARY and BATCH over 3 forks of 4 rounds; BATCH's second slice in each fork left out as compiling. */
    private static RankRun.Ranking ranking() {
        List<Candidate> candidates = List.of(Candidate.of(LoadMethod.COPY_BINARY), Candidate.of(LoadMethod.BATCH));
        Race race = new Race(2, new RankStatistics(0.95, 0.03));
        List<List<RankRun.SliceRecord>> rounds = new ArrayList<>();
        for (int round = 0; round < 12; round++) {
            boolean compiling = round % 4 == 1;
            double copy = 30_000 * (1 + 0.01 * Math.sin(round));
            double batch = compiling ? 1_000 : 10_000 * (1 + 0.01 * Math.cos(round));
            Map<Integer, Double> counted = new LinkedHashMap<>(Map.of(0, copy));
            if (!compiling) {
                counted.put(1, batch);
            }
            race.add(round / 4, counted);
            rounds.add(List.of(new RankRun.SliceRecord(0, 0, round / 4, Map.of("rows", copy, "jit.time", 3.0), false),
                    new RankRun.SliceRecord(1, 1, round / 4, Map.of("rows", batch, "jit.time", compiling ? 450.0 : 4.0),
                            compiling)));
        }
        race.look();
        return new RankRun.Ranking(500, candidates, race, rounds, Map.of(), 60, List.of(8.0, 3.0, 3.0));
    }

    private static RankVerdict verdict() {
        return new RankVerdict(new RankVerdict.Run("users", "PostgreSQL (test)", RankOptions.parse(new String[0]),
                List.of(ranking()), Map.of(), 60));
    }

    @Test
    void theTableCountsTheSlicesLeftOutBesideThoseCounted() {
        assertThat(verdict().markdown()).contains("| 9 (+3 compiling) |").contains("| 12 |");
    }

    @Test
    void theJsonMarksEachSliceAndCountsThemPerCandidate() throws Exception {
        JsonNode v = new ObjectMapper().readTree(verdict().json());
        JsonNode batch = null;
        for (JsonNode c : v.get("candidates")) {
            if (c.get("name").asText().equals("BATCH")) {
                batch = c;
            }
        }
        assertThat(batch).isNotNull();
        assertThat(batch.get("slices").asInt()).isEqualTo(9);
        assertThat(batch.get("slicesCompiling").asInt()).isEqualTo(3);
        assertThat(batch.get("rowsPerSecond").asDouble()).as("over its counted slices").isGreaterThan(9_000);
        assertThat(v.get("rounds").get(1).get("slices").get(1).get("compiling").asBoolean()).isTrue();
        assertThat(v.get("rounds").get(0).get("slices").get(1).get("compiling").asBoolean()).isFalse();
    }
}
