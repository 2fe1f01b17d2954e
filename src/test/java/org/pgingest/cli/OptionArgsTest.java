package org.pgingest.cli;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class OptionArgsTest {
    @Test
    void aLongOptionsValueAfterAnEqualsSignIsItsNextArgument() {
        assertThat(OptionArgs.spaced(new String[]{"--budget=4m", "--rule=wal.bytes/row=5%", "--variant=a=BATCH,batchSize=5",
                "--json=", "--seed", "7"}))
                .containsExactly("--budget", "4m", "--rule", "wal.bytes/row=5%", "--variant", "a=BATCH,batchSize=5",
                        "--json", "", "--seed", "7");
    }

    @Test
    void optionsOfTheirOwnWithAnEqualsSignStayAsGiven() {
        String[] given = {"-p", "method=COPY_BINARY", "-pmethod=BATCH", "-Dpg.conf.work_mem=64MB", "--", "a=b",
                "--Budget=4m", "=x"};
        assertThat(OptionArgs.spaced(given)).containsExactly(given);
    }
}
