package org.pgingest.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What Chromium laid out in a page's SVGs, from its own boxes: every svg wider than the window, every text that
 * reaches outside its svg, every two texts of one svg whose boxes overlap, and per svg (by id) its category labels
 * and the bars drawn with a size (and the narrowest one's width). The page is left as it is: a copy with a measuring script added is opened, so the
 * report a person gets has no script. Reusable for any page of inline SVG (the report, the rank's report).
 */
public final class PageLayout {
    /**
     * Run at load. Each text's box is its own (getBBox) with its corners taken to the page by its transform
     * (getScreenCTM): a rotated label is the rotated rectangle it covers, not the larger upright box around it. Two
     * boxes overlap when no edge's direction separates them by more than -1 px (sharing 1 px is anti-aliasing).
     */
    private static final String SCRIPT = """
            <script>
            window.addEventListener('load', function () {
              function corners(t) {
                var b = t.getBBox(), m = t.getScreenCTM();
                return [[b.x, b.y], [b.x + b.width, b.y], [b.x + b.width, b.y + b.height], [b.x, b.y + b.height]]
                    .map(function (c) { return [m.a * c[0] + m.c * c[1] + m.e, m.b * c[0] + m.d * c[1] + m.f]; });
              }
              function separated(p, q) {
                return [p, q].some(function (poly) {
                  return poly.some(function (c, k) {
                    var d = poly[(k + 1) % 4], nx = c[1] - d[1], ny = d[0] - c[0], len = Math.hypot(nx, ny);
                    var on = function (x) { return (x[0] * nx + x[1] * ny) / len; };
                    var pp = p.map(on), qq = q.map(on);
                    return Math.min(Math.max.apply(null, pp), Math.max.apply(null, qq))
                        - Math.max(Math.min.apply(null, pp), Math.min.apply(null, qq)) <= 1;
                  });
                });
              }
              var problems = [];
              document.querySelectorAll('svg').forEach(function (svg, n) {
                var box = svg.getBoundingClientRect();
                var name = svg.id || ('svg ' + (n + 1));
                // wider than the window: its right part is cut off, or needs the page scrolled sideways
                if (box.right > document.documentElement.clientWidth + 0.5) {
                  problems.push('past the page\\'s width: ' + name + ' (right edge ' + Math.round(box.right) + ' of '
                      + document.documentElement.clientWidth + ' px)');
                }
                var texts = Array.prototype.filter.call(svg.querySelectorAll('text'), function (t) {
                  var b = t.getBBox();
                  return b.width > 0 && b.height > 0;
                }).map(function (t) { return {text: t.textContent, c: corners(t)}; });
                texts.forEach(function (t) {
                  if (t.c.some(function (c) {
                    return c[0] < box.left - 0.5 || c[0] > box.right + 0.5 || c[1] < box.top - 0.5
                        || c[1] > box.bottom + 0.5;
                  })) {
                    problems.push('outside ' + name + ': "' + t.text + '"');
                  }
                });
                for (var i = 0; i < texts.length; i++) {
                  for (var j = i + 1; j < texts.length; j++) {
                    if (!separated(texts[i].c, texts[j].c)) {
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
    public static PageLayout of(HeadlessChromium chromium, Path page, int width) throws IOException, InterruptedException {
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
    public List<String> problems() {
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

    public int svgs() {
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
