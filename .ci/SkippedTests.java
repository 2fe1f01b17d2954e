import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Lists every skipped test in the Surefire and Failsafe reports under the given directories and exits 1 if there
 * is any, or if a directory holds no report at all (its tests did not run: a pass would then say nothing). Run by
 * .ci/run with the JDK alone ("java .ci/SkippedTests.java DIR..."): CI images need no Python.
 */
public class SkippedTests {
    public static void main(String[] args) throws Exception {
        int ran = 0;
        List<String> skipped = new ArrayList<>();
        List<String> withoutReports = new ArrayList<>();
        for (String dir : args) {
            List<Path> reports = List.of();
            if (Files.isDirectory(Path.of(dir))) {
                try (Stream<Path> files = Files.list(Path.of(dir))) {
                    reports = files.filter(f -> f.getFileName().toString().matches("TEST-.*\\.xml")).sorted().toList();
                }
            }
            if (reports.isEmpty()) {
                withoutReports.add(dir);
            }
            for (Path report : reports) {
                NodeList cases = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(report.toFile())
                        .getElementsByTagName("testcase");
                for (int i = 0; i < cases.getLength(); i++) {
                    Element testCase = (Element) cases.item(i);
                    NodeList skip = testCase.getElementsByTagName("skipped");
                    if (skip.getLength() == 0) {
                        ran++;
                    } else {
                        String reason = reason((Element) skip.item(0));
                        skipped.add(testCase.getAttribute("classname") + "." + testCase.getAttribute("name") + ": "
                                + (reason.isEmpty() ? "(no reason given)" : reason));
                    }
                }
            }
        }
        System.out.println(".ci/run: " + ran + " tests ran, " + skipped.size() + " skipped");
        skipped.forEach(s -> System.out.println(".ci/run: skipped " + s));
        withoutReports.forEach(d -> System.out.println(".ci/run: no test report in " + d));
        System.exit(skipped.isEmpty() && withoutReports.isEmpty() && args.length > 0 ? 0 : 1);
    }

    /** The message attribute; Surefire leaves it out for some aborts and keeps "Type: message" and the trace as text. */
    private static String reason(Element skip) {
        if (!skip.getAttribute("message").isEmpty()) {
            return skip.getAttribute("message");
        }
        String text = skip.getTextContent().split("\n\s*at ", 2)[0].strip();
        String type = skip.getAttribute("type");
        return (text.startsWith(type + ":") ? text.substring(type.length() + 1) : text).strip().replaceAll("\\s+", " ");
    }
}
