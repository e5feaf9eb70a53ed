package dev.hostwarden;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.hostwarden.core.Retractor;
import dev.hostwarden.core.profiles.MarkerClearance;
import dev.hostwarden.core.profiles.ProfileRescan;
import dev.hostwarden.history.OwnershipHistory;
import dev.hostwarden.runtime.OwnerControl;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The permitted arrows between packages, as {@code docs/architecture.md} draws them, checked on the
 * compiled classes: no package cycles, the core uses nothing of ours outside the core and no UI, only
 * the panel uses JavaFX and AWT, every action goes through {@code dev.hostwarden.actions}. Two rules
 * read the sources, because bytecode cannot tell: only {@code Platform} reads {@code os.name}, and no
 * class name is written out in full where an import would do.
 */
class ArchitectureTest {
    private static final Path SOURCES = Path.of("src/main/java");
    private static JavaClasses classes;

    /** What each package may use of ours, besides itself and the core (the picture in docs/architecture.md). */
    private static final Map<String, List<String>> MAY_USE = new LinkedHashMap<>();

    static {
        MAY_USE.put("cli", List.of("actions", "supervise", "health", "doctor", "diagnostics", "report", "history", "fleet", "runtime", "autostart"));
        MAY_USE.put("panel", List.of("actions", "supervise", "health", "doctor", "diagnostics", "report", "history", "fleet", "runtime", "autostart"));
        MAY_USE.put("supervise", List.of("actions", "health", "report", "history", "runtime"));
        MAY_USE.put("actions", List.of("report", "history", "runtime"));
        MAY_USE.put("diagnostics", List.of("doctor", "health", "report", "history"));
        MAY_USE.put("doctor", List.of("health", "report", "history", "runtime"));
        MAY_USE.put("fleet", List.of("runtime"));
        MAY_USE.put("runtime", List.of("report", "history"));
        MAY_USE.put("health", List.of("report"));
        MAY_USE.put("history", List.of());
        MAY_USE.put("report", List.of());
        MAY_USE.put("autostart", List.of());
        MAY_USE.put("core", List.of());
    }

    @BeforeAll
    static void importTheProgram() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("dev.hostwarden");
    }

    @Test
    void noPackageDependsOnItselfInACircle() {
        slices().matching("dev.hostwarden.(**)").should().beFreeOfCycles().check(classes);
    }

    @Test
    void eachPackageUsesOnlyWhatThePictureAllows() {
        for (Map.Entry<String, List<String>> entry : MAY_USE.entrySet()) {
            List<String> allowed = new ArrayList<>(List.of("dev.hostwarden.core..", "dev.hostwarden." + entry.getKey() + ".."));
            entry.getValue().forEach(name -> allowed.add("dev.hostwarden." + name + ".."));
            classes().that().resideInAPackage("dev.hostwarden." + entry.getKey() + "..")
                    .should().onlyDependOnClassesThat(resideIn(allowed).or(notOurs()))
                    .because("docs/architecture.md: " + entry.getKey() + " may use " + (entry.getValue().isEmpty() ? "only the core"
                            : String.join(", ", entry.getValue()) + " and the core"))
                    .check(classes);
        }
    }

    @Test
    void theCoreIsHeadlessAndFreeOfOshi() {
        noClasses().that().resideInAPackage("dev.hostwarden.core..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "java.awt..", "javax.swing..", "oshi..", "com.sun.glass..")
                .because("the core runs on every command's path: no toolkit, and OSHI stays off it")
                .check(classes);
    }

    @Test
    void onlyThePanelUsesJavaFxOrAwt() {
        noClasses().that().resideOutsideOfPackage("dev.hostwarden.panel..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "java.awt..", "javax.swing..", "com.sun.glass..")
                .because("a command never loads a toolkit")
                .check(classes);
        noClasses().that().resideOutsideOfPackage("dev.hostwarden.panel..")
                .should().dependOnClassesThat().resideInAPackage("dev.hostwarden.panel..")
                .because("the panel is reached only through its launcher, by name")
                .check(classes);
    }

    @Test
    void onlyTheActionsStopStartRestartRetractFixOrWriteWhatTheyDid() {
        noClasses().that().resideOutsideOfPackages("dev.hostwarden.actions..", "dev.hostwarden.runtime..", "dev.hostwarden.core..")
                .should().callMethodWhere(anAction())
                .because("every entry point calls dev.hostwarden.actions, which records the history and words the outcome")
                .check(classes);
    }

    @Test
    void onlyPlatformReadsTheOsName() throws IOException {
        List<String> readers = new ArrayList<>();
        for (Path source : sources()) {
            if (!source.endsWith(Path.of("core", "platform", "Platform.java")) && code(source).contains("\"os.name\"")) {
                readers.add(SOURCES.relativize(source).toString());
            }
        }
        assertEquals(List.of(), readers, "the platform is decided in one place: ask Platform.current()");
    }

    @Test
    void classNamesAreImportedNotWrittenOut() throws IOException {
        Pattern written = Pattern.compile("(?<![\\w.])((?:dev\\.hostwarden|java|javax|javafx|picocli|oshi|com\\.fasterxml)(?:\\.[a-z_]\\w*)+)\\.([A-Z]\\w*)");
        Pattern imported = Pattern.compile("^import (?:static )?([\\w.]+);", Pattern.MULTILINE);
        List<String> found = new ArrayList<>();
        for (Path source : sources()) {
            String text = Files.readString(source, StandardCharsets.UTF_8);
            String code = code(source);
            Map<String, String> imports = new LinkedHashMap<>();
            Matcher imports0 = imported.matcher(text);
            while (imports0.find()) {
                String name = imports0.group(1);
                imports.put(name.substring(name.lastIndexOf('.') + 1), name);
            }
            Set<String> declared = Set.copyOf(Pattern.compile("\\b(?:class|interface|enum|record)\\s+(\\w+)").matcher(code).results()
                    .map(match -> match.group(1)).toList());
            String[] lines = code.split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                if (lines[i].startsWith("import ") || lines[i].startsWith("package ")) {
                    continue;
                }
                Matcher matcher = written.matcher(lines[i]);
                while (matcher.find()) {
                    String simple = matcher.group(2);
                    String full = matcher.group(1) + "." + simple;
                    boolean clash = declared.contains(simple) || (imports.containsKey(simple) && !imports.get(simple).equals(full))
                            || Files.exists(source.resolveSibling(simple + ".java"));
                    if (!clash) {
                        found.add(SOURCES.relativize(source) + ":" + (i + 1) + " " + full);
                    }
                }
            }
        }
        assertEquals(List.of(), found, "import these instead of writing them out");
    }

    private static DescribedPredicate<JavaClass> resideIn(List<String> packages) {
        return describe("reside in " + packages, javaClass -> packages.stream().anyMatch(pkg ->
                javaClass.getPackageName().equals(pkg.substring(0, pkg.length() - 2))
                        || javaClass.getPackageName().startsWith(pkg.substring(0, pkg.length() - 1))));
    }

    private static DescribedPredicate<JavaClass> notOurs() {
        return describe("are not Hostwarden's", javaClass -> !javaClass.getPackageName().startsWith("dev.hostwarden"));
    }

    /** A call that acts on a role or writes what an action did: the actions' job alone. */
    private static DescribedPredicate<JavaMethodCall> anAction() {
        return describe("acts on a role or records an action", call -> {
            JavaClass owner = call.getTargetOwner();
            String name = call.getName();
            if (owner.isAssignableTo(OwnerControl.class)) {
                return Set.of("stop", "start", "restart").contains(name);
            }
            if (owner.isEquivalentTo(Retractor.class)) {
                return name.equals("retract");
            }
            if (owner.isEquivalentTo(MarkerClearance.class)) {
                return name.equals("clear");
            }
            if (owner.isEquivalentTo(ProfileRescan.class)) {
                return name.equals("run");
            }
            return owner.isEquivalentTo(OwnershipHistory.class) && Set.of("stopRequested", "stopCancelled", "restarted", "launched",
                    "retracted", "markerCleared", "rescanned", "supervisedStart").contains(name);
        });
    }

    private static List<Path> sources() throws IOException {
        try (Stream<Path> walk = Files.walk(SOURCES)) {
            return walk.filter(path -> path.toString().endsWith(".java")).sorted().toList();
        }
    }

    /** The source with comments and string literals blanked (line breaks kept), except the literal "os.name" stays findable. */
    private static String code(Path source) throws IOException {
        String text = Files.readString(source, StandardCharsets.UTF_8);
        StringBuilder out = new StringBuilder(text.length());
        int i = 0;
        while (i < text.length()) {
            if (text.startsWith("//", i)) {
                while (i < text.length() && text.charAt(i) != '\n') {
                    i++;
                }
            } else if (text.startsWith("/*", i)) {
                int end = text.indexOf("*/", i + 2);
                end = end < 0 ? text.length() : end + 2;
                text.substring(i, end).chars().filter(ch -> ch == '\n').forEach(ch -> out.append('\n'));
                i = end;
            } else if (text.charAt(i) == '"') {
                int end = i + 1;
                while (end < text.length() && text.charAt(end) != '"' && text.charAt(end) != '\n') {
                    end += text.charAt(end) == '\\' ? 2 : 1;
                }
                String literal = text.substring(i, Math.min(end + 1, text.length()));
                out.append(literal.equals("\"os.name\"") ? literal : "\"\"");
                i = end + 1;
            } else {
                out.append(text.charAt(i));
                i++;
            }
        }
        return out.toString();
    }
}
