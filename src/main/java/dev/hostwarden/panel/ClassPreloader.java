package dev.hostwarden.panel;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * Loads the classes the first window needs on a second thread while the main thread claims the
 * instance and JavaFX starts its toolkit, so the FX thread finds most of them already defined. A plain
 * {@code java -jar} start has no class-data-sharing archive for JavaFX or the panel: about 2,500 classes
 * are read from jars and parsed on the way to the first show, on a 2-core machine while the other core
 * mostly waits. Loading is all it does: no class is initialised here, so no static initialiser runs on
 * this thread, and a name that no longer exists is skipped (the FX thread loads what it needs itself).
 */
final class ClassPreloader {
    /** One binary class name a line, in the order a cold start loads them: src/bench/panel-first-show-classes.sh makes it. */
    static final String LIST = "first-show-classes.txt";
    /** False when regenerating the list, so the class-load log shows what the panel itself needs. */
    static final String PROPERTY = "hostwarden.panel.preload";

    private ClassPreloader() {
    }

    static void start() {
        InputStream list = ClassPreloader.class.getResourceAsStream(LIST);
        if (list == null || !Boolean.parseBoolean(System.getProperty(PROPERTY, "true"))) {
            return;
        }
        Thread thread = new Thread(() -> load(list), "hostwarden-preload");
        thread.setDaemon(true);
        thread.start();
    }

    private static void load(InputStream list) {
        ClassLoader loader = ClassPreloader.class.getClassLoader();
        try (BufferedReader names = new BufferedReader(new InputStreamReader(list, StandardCharsets.UTF_8))) {
            for (String name = names.readLine(); name != null; name = names.readLine()) {
                try {
                    Class.forName(name, false, loader);
                } catch (ClassNotFoundException | LinkageError gone) {
                    // Only this class's head start is lost.
                }
            }
        } catch (IOException unreadable) {
            // Only the head start is lost.
        }
    }
}
