package dev.hostwarden.panel.theme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * issue 21: the panel's words and controls are readable in both themes, measured on the stylesheets
 * themselves. The panel's sheets (panel.css, profiles.css, timeline.css) are parsed; every colour they
 * name is resolved in AtlantaFX's Primer Light and Primer Dark (read from the theme's own CSS in the
 * atlantafx-base jar) and WCAG contrast ratios are computed:
 * <ul>
 *   <li>text at least 4.5:1 (WCAG 1.4.3) against what it is drawn on: the rule's own background (each
 *       colour of a pattern, each translucent colour over each surface), else the surfaces a label sits
 *       on (the card's and the window's colours, and for table cells the rows' colours);</li>
 *   <li>the focus ring, the selected cell and the disabled button's outline at least 3:1 (WCAG 1.4.11)
 *       against every colour next to them.</li>
 * </ul>
 * A colour changed in a sheet, or in a new AtlantaFX, fails here before anyone has to squint.
 */
class ContrastTest {
    private static final double TEXT = 4.5;
    private static final double NON_TEXT = 3.0;
    private static final List<String> SHEETS = List.of("/dev/hostwarden/panel/panel.css", "/dev/hostwarden/panel/profiles/profiles.css",
            "/dev/hostwarden/panel/timeline/timeline.css");

    // The stylesheets, parsed //

    /** One rule: its selector (one of a comma list) and its declarations in order. */
    record Rule(String sheet, String selector, Map<String, String> declarations) {
        String get(String property) {
            return declarations.get(property);
        }

        @Override
        public String toString() {
            return sheet.substring(sheet.lastIndexOf('/') + 1) + " " + selector;
        }
    }

    private static final Pattern RULE = Pattern.compile("([^{}]+)\\{([^{}]*)\\}");

    static List<Rule> parse(String sheet, String css) {
        String text = css.replaceAll("(?s)/\\*.*?\\*/", "");
        List<Rule> rules = new ArrayList<>();
        Matcher matcher = RULE.matcher(text);
        while (matcher.find()) {
            Map<String, String> declarations = new LinkedHashMap<>();
            for (String declaration : matcher.group(2).split(";")) {
                int colon = declaration.indexOf(':');
                if (colon > 0) {
                    declarations.put(declaration.substring(0, colon).strip(), declaration.substring(colon + 1).strip());
                }
            }
            for (String selector : matcher.group(1).split(",")) {
                rules.add(new Rule(sheet, selector.strip().replaceAll("\\s+", " "), declarations));
            }
        }
        return rules;
    }

    private static String read(String resource) throws IOException {
        try (InputStream in = ContrastTest.class.getResourceAsStream(resource)) {
            assertTrue(in != null, resource + " is on the class path");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static List<Rule> panelRules() throws IOException {
        List<Rule> rules = new ArrayList<>();
        for (String sheet : SHEETS) {
            rules.addAll(parse(sheet, read(sheet)));
        }
        return rules;
    }

    private static Rule rule(List<Rule> rules, String selector) {
        return rules.stream().filter(rule -> rule.selector().equals(selector)).reduce((first, later) -> later)
                .orElseThrow(() -> new AssertionError("no rule for " + selector));
    }

    /** The value the last rule for {@code selector} that declares {@code property} gives it. */
    private static String declared(List<Rule> rules, String selector, String property) {
        return rules.stream().filter(rule -> rule.selector().equals(selector) && rule.get(property) != null)
                .reduce((first, later) -> later).orElseThrow(() -> new AssertionError("no " + property + " for " + selector)).get(property);
    }

    // Colours //

    record Rgba(double r, double g, double b, double a) {
        Rgba over(Rgba below) {
            return new Rgba(r * a + below.r * (1 - a), g * a + below.g * (1 - a), b * a + below.b * (1 - a), 1);
        }

        double luminance() {
            return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
        }

        private static double channel(double value) {
            double c = value / 255;
            return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "#%02x%02x%02x%s", Math.round(r), Math.round(g), Math.round(b), a < 1 ? "@" + a : "");
        }
    }

    static double ratio(Rgba one, Rgba two) {
        double a = one.luminance() + 0.05;
        double b = two.luminance() + 0.05;
        return Math.max(a, b) / Math.min(a, b);
    }

    /** A theme's named colours: Primer's {@code .root} palette, then the colours its control rules name (first definition wins). */
    record Theme(String name, Map<String, String> named) {
        static Theme load(String name) throws IOException {
            List<Rule> rules = parse(name, read("/atlantafx/base/theme/" + name + ".css"));
            Map<String, String> named = new LinkedHashMap<>();
            for (Rule rule : rules) {
                if (rule.selector().equals(".root")) {
                    rule.declarations().forEach((key, value) -> {
                        if (key.startsWith("-color-")) {
                            named.put(key, value);
                        }
                    });
                }
            }
            for (Rule rule : rules) {
                rule.declarations().forEach((key, value) -> {
                    if (key.startsWith("-color-")) {
                        named.putIfAbsent(key, value);
                    }
                });
            }
            return new Theme(name, named);
        }

        /** Every colour a value paints: one colour, or each colour of a gradient; none for transparent. */
        List<Rgba> paints(String value, Map<String, String> local) {
            String text = value.strip();
            if (text.equals("transparent") || text.equals("null") || text.equals("none")) {
                return List.of();
            }
            if (text.startsWith("linear-gradient") || text.startsWith("radial-gradient")) {
                List<Rgba> stops = new ArrayList<>();
                Matcher colour = Pattern.compile("(-color-[\\w-]+|#[0-9a-fA-F]{3,8}|rgba?\\([^)]*\\))").matcher(text);
                while (colour.find()) {
                    stops.add(colour(colour.group(1), local));
                }
                return stops;
            }
            return List.of(colour(text, local));
        }

        Rgba colour(String value, Map<String, String> local) {
            String text = value.strip();
            for (int depth = 0; text.startsWith("-color-") || text.startsWith("-"); depth++) {
                String next = local.containsKey(text) ? local.get(text) : named.get(text);
                if (next == null || depth > 20) {
                    throw new AssertionError(name + " names no colour " + text);
                }
                text = next.strip();
            }
            if (text.startsWith("#")) {
                String hex = text.substring(1);
                if (hex.length() == 3) {
                    hex = "" + hex.charAt(0) + hex.charAt(0) + hex.charAt(1) + hex.charAt(1) + hex.charAt(2) + hex.charAt(2);
                }
                return new Rgba(Integer.parseInt(hex.substring(0, 2), 16), Integer.parseInt(hex.substring(2, 4), 16),
                        Integer.parseInt(hex.substring(4, 6), 16), 1);
            }
            Matcher rgb = Pattern.compile("rgba?\\(([^)]*)\\)").matcher(text);
            if (rgb.matches()) {
                String[] parts = rgb.group(1).split(",");
                return new Rgba(Double.parseDouble(parts[0].strip()), Double.parseDouble(parts[1].strip()), Double.parseDouble(parts[2].strip()),
                        parts.length > 3 ? Double.parseDouble(parts[3].strip()) : 1);
            }
            if (text.equals("white")) {
                return new Rgba(255, 255, 255, 1);
            }
            throw new AssertionError(name + ": cannot read the colour " + value);
        }

        Rgba named(String colour) {
            return colour(colour, Map.of());
        }

        /** What the panel's labels sit on: the cards, header and Profiles section, and the window around them. */
        List<Rgba> surfaces() {
            return List.of(named("-color-bg-default"), named("-color-bg-subtle"));
        }
    }

    private static List<Theme> themes() throws IOException {
        return List.of(Theme.load("primer-light"), Theme.load("primer-dark"));
    }

    /** The colours {@code paint} shows over each of {@code below} (a translucent colour differs on each). */
    private static List<Rgba> composed(List<Rgba> paint, List<Rgba> below) {
        List<Rgba> shown = new ArrayList<>();
        for (Rgba colour : paint) {
            for (Rgba surface : below) {
                shown.add(colour.over(surface));
            }
        }
        return shown;
    }

    /** The innermost layer of a background list (the one text is drawn on); null without a background. */
    private static String innermost(String backgrounds) {
        if (backgrounds == null) {
            return null;
        }
        List<String> layers = layers(backgrounds);
        return layers.get(layers.size() - 1);
    }

    /** A background list split at its top-level commas (a gradient's commas stay inside it). */
    static List<String> layers(String backgrounds) {
        List<String> layers = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < backgrounds.length(); i++) {
            char c = backgrounds.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == ',' && depth == 0) {
                layers.add(backgrounds.substring(start, i).strip());
                start = i + 1;
            }
        }
        layers.add(backgrounds.substring(start).strip());
        return layers;
    }

    /** The rule's own colour definitions (-color-*: …), which its colours may name. */
    private static Map<String, String> local(Rule rule) {
        Map<String, String> local = new LinkedHashMap<>();
        rule.declarations().forEach((key, value) -> {
            if (key.startsWith("-color-")) {
                local.put(key, value);
            }
        });
        return local;
    }

    // What is measured //

    /** One measured pair, for the failure message and the count. */
    record Measured(String theme, String what, Rgba front, Rgba back, double ratio, double needed) {
        boolean fails() {
            return ratio + 1e-9 < needed;
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%s %s: %s on %s = %.2f:1 (needs %.1f:1)", theme, what, front, back, ratio, needed);
        }
    }

    private static void measure(List<Measured> into, Theme theme, String what, List<Rgba> fronts, List<Rgba> backs, double needed) {
        for (Rgba back : backs) {
            for (Rgba front : fronts) {
                Rgba shown = front.over(back);
                Measured pair = new Measured(theme.name(), what, shown, back, ratio(shown, back), needed);
                if (!into.contains(pair)) {
                    into.add(pair);
                }
            }
        }
    }

    /**
     * The surfaces a text rule's words sit on when the rule paints no background of its own: the rows of
     * the Profiles table for its cells, the lane for a lane's segment, the card and the window otherwise.
     */
    private static List<Rgba> underneath(Rule rule, Theme theme, List<Rule> rules) {
        List<Rgba> surfaces = new ArrayList<>(theme.surfaces());
        if (rule.selector().startsWith(".profiles-pane") && (rule.selector().contains("served-") || rule.selector().contains("table-cell"))) {
            for (String row : List.of(".profiles-pane .table-row-cell:odd-state", ".profiles-pane .table-row-cell:row-selected")) {
                surfaces.addAll(composed(theme.paints(innermost(rule(rules, row).get("-fx-background-color")), Map.of()), theme.surfaces()));
            }
        }
        if (rule.selector().startsWith(".lane-")) {
            surfaces = composed(theme.paints(innermost(rule(rules, ".lane-bar").get("-fx-background-color")), Map.of()), theme.surfaces());
        }
        return surfaces;
    }

    private static List<Measured> measureAll() throws IOException {
        List<Rule> rules = panelRules();
        List<Measured> measured = new ArrayList<>();
        for (Theme theme : themes()) {
            for (Rule rule : rules) {
                if (rule.selector().contains(":focus-visible")) {
                    continue; // a focused control keeps its own words and fill; its ring is measured below
                }
                Map<String, String> local = local(rule);
                String fill = rule.get("-fx-text-fill") != null ? rule.get("-fx-text-fill") : rule.get("-fx-fill");
                String background = innermost(rule.get("-fx-background-color"));
                if (fill == null && rule.selector().startsWith(".badge-")) {
                    fill = declared(rules, ".badge", "-fx-text-fill"); // the badge's words, on each verdict's colour
                }
                if (rule.selector().equals(".badge")) {
                    continue; // its words are only ever on a verdict's colour: measured with each .badge-* below
                }
                if (fill == null && background != null && !rule.selector().contains("lane-tick")) {
                    fill = "-color-fg-default"; // a box with words in the default colour (notice, banner, preview)
                }
                if (fill == null || theme.paints(fill, local).isEmpty()) {
                    continue;
                }
                List<Rgba> below = background == null || theme.paints(background, local).isEmpty() ? underneath(rule, theme, rules)
                        : composed(theme.paints(background, local), underneath(rule, theme, rules));
                measure(measured, theme, "text of " + rule, theme.paints(fill, local), below, TEXT);
            }

            // The selected cell of the focused table: white words on the accent, and the accent against its row.
            Rule table = rule(rules, ".profiles-pane .table-view");
            Map<String, String> tableColours = local(table);
            Rgba selected = theme.colour(tableColours.get("-color-cell-bg-selected-focused"), tableColours);
            Rule focusedCell = rule(rules, ".profiles-pane .table-view:focused .table-row-cell > .table-cell:selected");
            measure(measured, theme, "selected cell's words", List.of(theme.named(focusedCell.get("-color-cell-fg"))), List.of(selected), TEXT);
            Rgba selectedUnfocused = theme.colour(tableColours.get("-color-cell-bg-selected"), tableColours);
            Rule unfocusedCell = rule(rules, ".profiles-pane .table-row-cell > .table-cell:selected");
            measure(measured, theme, "selected cell's words, table not focused", List.of(theme.named(unfocusedCell.get("-color-cell-fg"))),
                    composed(List.of(selectedUnfocused), theme.surfaces()), TEXT);
            List<Rgba> rows = new ArrayList<>(theme.surfaces());
            rows.addAll(composed(theme.paints(innermost(rule(rules, ".profiles-pane .table-row-cell:row-selected")
                    .get("-fx-background-color")), Map.of()), theme.surfaces()));
            rows.addAll(composed(theme.paints(rule(rules, ".profiles-pane .table-row-cell:odd-state").get("-fx-background-color"), Map.of()),
                    theme.surfaces()));
            measure(measured, theme, "selected cell against its row", List.of(selected), rows, NON_TEXT);
            String bar = layers(rule(rules, ".profiles-pane .table-row-cell:row-selected").get("-fx-background-color")).get(0);
            measure(measured, theme, "selected row's bar", theme.paints(bar, Map.of()), theme.surfaces(), NON_TEXT);

            // Focus rings: the outermost layer (or the border) against what is around it and the gap inside it.
            int rings = 0;
            for (Rule rule : rules) {
                if (!rule.selector().contains(":focus-visible")) {
                    continue;
                }
                Map<String, String> local = local(rule);
                String ring = rule.get("-fx-border-color") != null ? rule.get("-fx-border-color")
                        : layers(rule.get("-fx-background-color")).get(0);
                List<Rgba> next = new ArrayList<>(theme.surfaces());
                if (rule.get("-fx-background-color") != null && layers(rule.get("-fx-background-color")).size() > 1) {
                    next.addAll(composed(theme.paints(layers(rule.get("-fx-background-color")).get(1), local), theme.surfaces()));
                }
                measure(measured, theme, "focus ring of " + rule, theme.paints(ring, local), next, NON_TEXT);
                rings++;
            }
            assertTrue(rings >= 4, "the buttons, folds, table and text have focus rules: " + rings);

            // A disabled button: its dashed outline shows where it is.
            Rule disabled = rule(rules, ".button:disabled");
            measure(measured, theme, "disabled button's outline", theme.paints(disabled.get("-fx-border-color"), local(disabled)),
                    theme.surfaces(), NON_TEXT);
            assertEquals("1", disabled.get("-fx-opacity"), "a disabled button is not faded, its colours say it");
        }
        return measured;
    }

    @Test
    void everyWordAndControlOfThePanelIsReadableInBothThemes() throws IOException {
        List<Measured> measured = measureAll();
        List<Measured> failed = measured.stream().filter(Measured::fails).toList();
        assertTrue(failed.isEmpty(), failed.size() + " of " + measured.size() + " pairs are too faint:\n"
                + String.join("\n", failed.stream().map(Measured::toString).toList()));
        // Enough was measured for the answer to mean something: both themes, text and controls.
        assertTrue(measured.stream().filter(pair -> pair.needed() == TEXT).count() > 80, "text pairs: " + measured.size());
        assertTrue(measured.stream().anyMatch(pair -> pair.what().startsWith("focus ring of panel.css .fold:focus-visible")));
        assertTrue(measured.stream().anyMatch(pair -> pair.what().startsWith("text of panel.css .badge-amber")));
        assertTrue(measured.stream().anyMatch(pair -> pair.what().startsWith("text of panel.css .button:disabled")));
    }

    @Test
    void theMeasureItselfAgreesWithWcag() throws IOException {
        // WCAG's own anchors: black on white is 21:1, a colour on itself 1:1.
        Rgba white = new Rgba(255, 255, 255, 1);
        Rgba black = new Rgba(0, 0, 0, 1);
        assertEquals(21.0, ratio(black, white), 1e-9);
        assertEquals(1.0, ratio(white, white), 1e-9);
        Theme light = Theme.load("primer-light");
        // The faults the issue measured, measured here the same way: AtlantaFX's grey selected cell on a white row
        // (1.17:1) and its 40 % opaque disabled words (2.3:1 light).
        assertEquals(1.17, ratio(light.named("-color-base-1"), light.named("-color-bg-default")), 0.005);
        Rgba faded = new Rgba(light.named("-color-fg-default").r(), light.named("-color-fg-default").g(), light.named("-color-fg-default").b(), 0.4)
                .over(light.named("-color-bg-subtle"));
        assertEquals(2.3, ratio(faded, light.named("-color-bg-subtle")), 0.1);
        // And it would catch one: the old green badge.
        List<Measured> oldBadge = new ArrayList<>();
        measure(oldBadge, light, "old badge", List.of(light.named("-color-fg-emphasis")), List.of(light.named("-color-success-emphasis")), TEXT);
        assertFalse(oldBadge.isEmpty());
        assertTrue(oldBadge.get(0).fails(), oldBadge.toString());
    }
}
