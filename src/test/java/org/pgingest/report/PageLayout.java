package org.pgingest.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What Chromium laid out in a page's SVGs, from its own boxes ({@code getBoundingClientRect}): every text that
 * reaches outside its svg, every two texts of one svg whose boxes overlap, and per svg (by id) its category labels
 * and the bars drawn with a size (and the narrowest one's width). The page is left as it is: a copy with a measuring script added is opened, so the
 * report a person gets has no script. Reusable for any page of inline SVG (the report, the rank's report).
 */
final class PageLayout {
    /** Run at load. Two boxes that share 1 px or less in either direction touch (anti-aliasing), not overlap. */
    private static final String SCRIPT = """
            <script>
            window.addEventListener('load', function () {
              var problems = [];
              document.querySelectorAll('svg').forEach(function (svg, n) {
                var box = svg.getBoundingClientRect();
                var name = svg.id || ('svg ' + (n + 1));
                var texts = Array.prototype.map.call(svg.querySelectorAll('text'), function (t) {
                  return {text: t.textContent, b: t.getBoundingClientRect()};
                }).filter(function (t) { return t.b.width > 0 && t.b.height > 0; });
                texts.forEach(function (t) {
                  if (t.b.left < box.left - 0.5 || t.b.right > box.right + 0.5 || t.b.top < box.top - 0.5
                      || t.b.bottom > box.bottom + 0.5) {
                    problems.push('outside ' + name + ': "' + t.text + '"');
                  }
                });
                for (var i = 0; i < texts.length; i++) {
                  for (var j = i + 1; j < texts.length; j++) {
                    var a = texts[i].b, b = texts[j].b;
                    var w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
                    var h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
                    if (w > 1 && h > 1) {
                      problems.push('overlap in ' + name + ': "' + texts[i].text + '" and "' + texts[j].text + '"');
                    }
                  }
                }
                svg.setAttribute('data-labels', String(svg.querySelectorAll('text.label').length));
                var bars = Array.prototype.map.call(svg.querySelectorAll('rect.bar'), function (r) {
                  return r.getBoundingClientRect();
                }).filter(function (b) { return b.width > 0 && b.height > 0; });
                svg.setAttribute('data-rendered-bars', String(bars.length));
                svg.setAttribute('data-narrowest-bar', String(Math.min.apply(null, bars.map(function (b) {
                  return b.width;
                }))));
              });
              var out = document.createElement('pre');
              out.id = 'layout-problems';
              out.setAttribute('data-svgs', String(document.querySelectorAll('svg').length));
              out.textContent = problems.join('\\n');
              document.body.appendChild(out);
            });
            </script>
            """;

    private final String dom;

    private PageLayout(String dom) {
        this.dom = dom;
    }

    /** Lays {@code page} out in a window {@code width} px wide. */
    static PageLayout of(HeadlessChromium chromium, Path page, int width) throws IOException, InterruptedException {
        String html = Files.readString(page);
        int end = html.lastIndexOf("</body>");
        if (end < 0) {
            throw new IllegalArgumentException(page + " has no </body>");
        }
        Path measured = Files.writeString(page.resolveSibling("measured-" + page.getFileName()),
                html.substring(0, end) + SCRIPT + html.substring(end));
        return new PageLayout(chromium.dumpDom(measured, width));
    }

    /** Texts outside their svg and texts over texts, one line each; empty when the layout is clean. */
    List<String> problems() {
        Matcher m = Pattern.compile("<pre id=\"layout-problems\"[^>]*>([^<]*)</pre>").matcher(dom);
        if (!m.find()) {
            throw new IllegalStateException("the measuring script did not run: no #layout-problems in the DOM");
        }
        List<String> problems = new ArrayList<>();
        for (String line : m.group(1).split("\n")) {
            if (!line.isBlank()) {
                problems.add(line.replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">")
                        .replace("&amp;", "&"));
            }
        }
        return problems;
    }

    int svgs() {
        return Integer.parseInt(attribute("pre", "data-svgs"));
    }

    int labels(String svgId) {
        return Integer.parseInt(attribute("svg[^>]*id=\"" + svgId + "\"", "data-labels"));
    }

    int bars(String svgId) {
        return Integer.parseInt(attribute("svg[^>]*id=\"" + svgId + "\"", "data-rendered-bars"));
    }

    /** The width in px of the narrowest bar drawn in the svg. */
    double narrowestBar(String svgId) {
        return Double.parseDouble(attribute("svg[^>]*id=\"" + svgId + "\"", "data-narrowest-bar"));
    }

    private String attribute(String element, String name) {
        Matcher m = Pattern.compile("<" + element + "[^>]*\\s" + name + "=\"([^\"]*)\"").matcher(dom);
        if (!m.find()) {
            throw new IllegalStateException(name + " on <" + element + "> not in the DOM after load");
        }
        return m.group(1);
    }
}
