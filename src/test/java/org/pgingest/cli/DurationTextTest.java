package org.pgingest.cli;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

class DurationTextTest {
    @ParameterizedTest
    @CsvSource({"90s,90000", "10m,600000", "1h,3600000", "2m30s,150000", "500ms,500", "1.5h,5400000",
            "1h2m3s4ms,3723004", "90,90000", "0.25,250", "' 2m ',120000", "0s,0", "168h,604800000", "0.4ms,0"})
    void readsEveryFormTheOptionsTake(String text, long millis) {
        assertThat(DurationText.parse(text)).contains(Duration.ofMillis(millis));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "soon", "1x", "s", "m5", "-1s", "1.s", "30s2m", "1m1m", "1ms1s", "1h 2m", "1e3s",
            "99999999999999999999h"})
    void refusesWhatIsNotOne(String text) {
        assertThat(DurationText.parse(text)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"168h1ms", "2562048h"})
    void longerThanARunTakesIsStillRead(String text) {
        assertThat(DurationText.parse(text)).get().matches(d -> d.compareTo(DurationText.LONGEST) > 0);
    }
}
