package dev.hostwarden.core.proof;

/** One step of a liveness proof with the raw evidence it used. */
public record Check(String name, CheckResult result, String evidence) {
}
