package dev.hostwarden.panel.model;

import java.nio.file.Path;
import java.util.List;

/** What a retract would remove and the proof that makes it safe, shown before confirming. */
public record RetractPreview(List<Path> files, List<String> proof) {
    public RetractPreview {
        files = List.copyOf(files);
        proof = List.copyOf(proof);
    }
}
