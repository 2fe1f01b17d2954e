package org.pgingest.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.pgingest.exit.Descendants;

/**
 * Debian's {@code chromium} run headless on a local file, with a fresh profile and everything that would reach
 * the network switched off, so a page that needs anything from outside shows it.
 */
public final class HeadlessChromium {
    private static final long TIMEOUT_SECONDS = 90;
    private final Path binary;
    private final Path profileRoot;

    /** {@code binary}: the browser {@link org.pgingest.Part#chromium()} found. */
    public HeadlessChromium(Path binary, Path profileRoot) {
        this.binary = binary;
        this.profileRoot = profileRoot;
    }

    /** The DOM after the page's load handlers ran, laid out in a window {@code width} px wide. */
    String dumpDom(Path page, int width) throws IOException, InterruptedException {
        return run(page, "--window-size=" + width + ",1200", "--dump-dom");
    }

    /** A PNG of the top {@code height} pixels of the page at {@code width} px wide. */
    public Path screenshot(Path page, Path png, int width, int height) throws IOException, InterruptedException {
        run(page, "--window-size=" + width + "," + height, "--screenshot=" + png.toAbsolutePath());
        return png;
    }

    private String run(Path page, String... what) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory(profileRoot, "chromium-profile");
        List<String> command = new ArrayList<>(List.of(binary.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--user-data-dir=" + profile));
        command.addAll(List.of(what));
        command.add(page.toUri().toString());
        Path stdout = profileRoot.resolve("chromium-stdout-" + System.nanoTime());
        Process p = new ProcessBuilder(command).redirectOutput(stdout.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            Descendants.of(p).forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new IllegalStateException("chromium did not finish in " + TIMEOUT_SECONDS + " s: " + command);
        }
        if (p.exitValue() != 0) {
            throw new IllegalStateException("chromium exited with " + p.exitValue() + ": " + command);
        }
        return Files.readString(stdout, StandardCharsets.UTF_8);
    }
}
