package dev.hostwarden.panel.logs;

import dev.hostwarden.report.Redactor;
import dev.hostwarden.runtime.RoleLog;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyListProperty;
import javafx.beans.property.ReadOnlyListWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.collections.FXCollections;

/**
 * A role's logs as the log window shows them: the last {@link #LINES} lines of the chosen source
 * (the output of the owners Hostwarden launched, or hermes' own gateway log in the role's home),
 * secrets redacted, narrowed to the lines containing the search words, read again while "Follow" is
 * on. Reads run on the background executor; properties change on the UI executor.
 */
public final class LogViewModel {
    /** How many of the last lines are shown. */
    public static final int LINES = 2000;

    /** One log to read: its name in the window and its file. */
    public record Source(String name, Path file) {
    }

    private final List<Source> sources;
    private final Supplier<Redactor> redactor;
    private final Executor background;
    private final Executor ui;
    private final SimpleObjectProperty<Source> source = new SimpleObjectProperty<>(this, "source");
    private final SimpleStringProperty search = new SimpleStringProperty(this, "search", "");
    private final SimpleBooleanProperty follow = new SimpleBooleanProperty(this, "follow", true);
    private final ReadOnlyListWrapper<String> lines = new ReadOnlyListWrapper<>(this, "lines", FXCollections.observableArrayList());
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final AtomicBoolean reading = new AtomicBoolean();
    private volatile List<String> all = List.of();

    public LogViewModel(List<Source> sources, Supplier<Redactor> redactor, Executor background, Executor ui) {
        this.sources = List.copyOf(sources);
        this.redactor = redactor;
        this.background = background;
        this.ui = ui;
        source.set(sources.get(0));
        source.addListener((observable, before, after) -> reload());
        search.addListener((observable, before, after) -> narrow());
    }

    public List<Source> sources() {
        return sources;
    }

    public SimpleObjectProperty<Source> sourceProperty() {
        return source;
    }

    /** Only lines containing these words (any case) are shown; empty shows all. */
    public SimpleStringProperty searchProperty() {
        return search;
    }

    /** While on, new lines appear as they are written (the window asks {@link #reload()} every half second). */
    public SimpleBooleanProperty followProperty() {
        return follow;
    }

    /** The lines shown: the last lines of the source, redacted, narrowed by the search. */
    public ReadOnlyListProperty<String> linesProperty() {
        return lines.getReadOnlyProperty();
    }

    /** "1,204 lines · 3 match · /path/to/gateway.log", or why nothing can be shown. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** Reads the chosen source again (background); a read already running makes this one unnecessary. */
    public void reload() {
        if (!reading.compareAndSet(false, true)) {
            return;
        }
        Source chosen = source.get();
        background.execute(() -> {
            List<String> read;
            String problem = null;
            try {
                RoleLog log = new RoleLog(chosen.file());
                Redactor words = redactor.get();
                read = log.exists() ? log.tail(LINES).stream().map(words::redact).toList() : List.of();
                if (!log.exists()) {
                    problem = "no log yet at " + chosen.file();
                }
            } catch (IOException | RuntimeException unreadable) {
                read = List.of();
                problem = chosen.file() + " cannot be read: " + unreadable.getMessage();
            } finally {
                reading.set(false);
            }
            List<String> found = read;
            String said = problem;
            ui.execute(() -> {
                if (chosen != source.get()) {
                    return;
                }
                boolean changed = !found.equals(all);
                all = found;
                if (changed || said != null) {
                    narrow();
                }
                if (said != null) {
                    status.set(said);
                }
            });
        });
    }

    private void narrow() {
        String wanted = search.get().strip().toLowerCase(Locale.ROOT);
        List<String> shown = new ArrayList<>();
        for (String line : all) {
            if (wanted.isEmpty() || line.toLowerCase(Locale.ROOT).contains(wanted)) {
                shown.add(line);
            }
        }
        if (!shown.equals(lines)) {
            lines.setAll(shown);
        }
        status.set(all.size() + (all.size() == 1 ? " line" : " lines") + (wanted.isEmpty() ? "" : " · " + shown.size() + " match")
                + " · " + source.get().file());
    }

    /** The lines shown, as one text to copy. */
    public String text() {
        return String.join("\n", lines) + (lines.isEmpty() ? "" : "\n");
    }
}
