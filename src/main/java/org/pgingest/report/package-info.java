/**
 * Renders one or more JMH result files (with their server facts) to one self-contained HTML page, charts drawn
 * as inline SVG so it works offline with no script or font from anywhere, and to Markdown with the same
 * figures as tables. Entry point: {@link Report}; command line: {@code org.pgingest.cli.ReportMain}.
 */
package org.pgingest.report;
