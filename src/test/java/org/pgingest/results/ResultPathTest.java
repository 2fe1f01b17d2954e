package org.pgingest.results;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ResultPathTest {

    @Test
    void aCompleteResultReplacesTheEarlierOneAndAFailedWriteLeavesIt(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("r.json"), "earlier");
        ResultPath.write(file, out -> out.write("new".getBytes(StandardCharsets.UTF_8)));
        assertThat(Files.readString(file)).isEqualTo("new");

        assertThatThrownBy(() -> ResultPath.write(file, out -> {
            out.write("half".getBytes(StandardCharsets.UTF_8));
            throw new IOException("disk full");
        })).hasMessage("disk full");
        assertThat(Files.readString(file)).isEqualTo("new");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).containsExactly(file);
        }
    }

    /**
     * A result renamed over a link or a device would replace it (as root, /dev/null; an adversarial pass, 2026-12-03,
     * saw a character device and a link to /proc/self/fd/1 become plain files): refused, and left as it was.
     */
    @Test
    void aLinkOrAPipeIsRefusedAndLeftAsItWas(@TempDir Path dir) throws Exception {
        Path target = Files.writeString(dir.resolve("precious.txt"), "mine");
        Path link = Files.createSymbolicLink(dir.resolve("r.json"), target);
        assertThat(ResultPath.problem(link)).hasValue(link + " is a symbolic link, which the result would replace; "
                + "name a regular file");
        assertThatThrownBy(() -> ResultPath.write(link, out -> out.write("new".getBytes(StandardCharsets.UTF_8))))
                .hasMessage(link + " is a symbolic link, which the result would replace; name a regular file");
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(target).hasContent("mine");
        Path pipe = dir.resolve("pipe");
        assertThat(new ProcessBuilder("mkfifo", pipe.toString()).start().waitFor()).isZero();
        assertThat(ResultPath.problem(pipe)).hasValue(pipe + " is a device, pipe or socket, which the result would "
                + "replace; name a regular file");
    }

    @Test
    void pathsThatCannotTakeAResultAreNamedBeforehand(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("plain"), "x");
        assertThat(ResultPath.problem(dir)).hasValue(dir + " is a directory; name a file");
        assertThat(ResultPath.problem(file.resolve("r.json"))).hasValue("cannot create the directory " + file + " (it is a file)");
        assertThat(ResultPath.problem(Path.of("/proc/x/r.json"))).hasValue("cannot create the directory /proc/x (no such file or directory)");
        assertThat(ResultPath.problem(file.resolve("deeper/r.json"))).hasValue("cannot create the directory "
                + file.resolve("deeper") + " (" + file + " is a file)");
        assertThat(ResultPath.problem(dir.resolve("new dir/with space/r.json"))).isEmpty();
        // A check leaves nothing: a run refused after it has no directory of its own to leave behind.
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).containsExactly(file);
        }
        ResultPath.write(dir.resolve("new dir/with space/r.json"), out -> out.write('1'));
        assertThat(dir.resolve("new dir/with space/r.json")).hasContent("1");
    }

    /** Found by the adversarial pass: kill -9 of the launcher left its aside files beside the result for good. */
    @Test
    void asideFilesOfAProcessThatIsGoneAreRemovedByTheNextResult(@TempDir Path dir) throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path file = dir.resolve("r.json");
        Path left = Files.writeString(dir.resolve(".r.json.partial-" + gone.pid()), "half");
        Path live = Files.writeString(dir.resolve(".r.json.partial-" + ProcessHandle.current().parent().orElseThrow().pid()), "running");
        Path other = Files.writeString(dir.resolve(".other.json.partial-" + gone.pid()), "another result's");
        ResultPath.write(file, out -> out.write("new".getBytes(StandardCharsets.UTF_8)));
        assertThat(left).doesNotExist();
        assertThat(live).exists();
        assertThat(other).exists();
        assertThat(file).hasContent("new");
    }
}
