package dev.hostwarden.core.proof;

/** A reason code with a plain-language message carrying the concrete values. */
public record Reason(ReasonCode code, String message) {
}
