package dev.hostwarden.actions;

import dev.hostwarden.core.RetractResult;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/** How a retract ended: the core's result and the words for it. */
public record RetractOutcome(RetractResult result) implements Outcome {

    @Override
    public String words() {
        return switch (result.outcome()) {
            case REMOVED -> (result.dryRun() ? "Would remove " : "Removed ") + files(result.removed());
            case NOTHING -> "Nothing to retract for " + result.role() + ": no record, and the lock is free";
            default -> "Refused: " + (result.refused() == null ? result.outcome().name() : result.refused().message());
        };
    }

    @Override
    public int exitCode() {
        return result.outcome().exitCode();
    }

    /** "host-serve.json and host-serve.token from /dir": the names, then the one directory they share. */
    static String files(List<Path> paths) {
        if (paths.isEmpty()) {
            return "nothing";
        }
        Path dir = paths.get(0).getParent();
        boolean shared = dir != null && paths.stream().allMatch(path -> dir.equals(path.getParent()));
        List<String> names = paths.stream().map(path -> shared ? path.getFileName().toString() : path.toString()).toList();
        String listed = names.size() == 1 ? names.get(0)
                : String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
        return shared ? listed + " from " + dir : listed;
    }

    /** The paths, each on its own, as the command line lists them. */
    public String paths() {
        return result.removed().stream().map(Path::toString).collect(Collectors.joining(", "));
    }
}
