package dev.hostwarden.supervise;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The crash-loop brake of one role, as plain arithmetic: the delay before the next start attempt
 * (doubling from the initial to the maximum), the failed starts within the window, and whether the
 * supervisor should give up. An owner that stayed live long enough resets the delay.
 */
final class Backoff {
    private final SupervisionPolicy policy;
    private final Deque<Instant> failures = new ArrayDeque<>();
    private Duration next;

    Backoff(SupervisionPolicy policy) {
        this.policy = policy;
        this.next = policy.backoffInitial();
    }

    /** The delay before the next attempt; each call doubles the one after it, up to the maximum. */
    Duration nextDelay() {
        Duration delay = next;
        Duration doubled = next.isZero() ? Duration.ofMillis(1) : next.multipliedBy(2);
        next = doubled.compareTo(policy.backoffMax()) > 0 ? policy.backoffMax() : doubled;
        return delay;
    }

    /** A start that did not reach LIVE, or an owner that died before the minimum uptime. */
    void failed(Instant at) {
        failures.addLast(at);
    }

    /** The failed starts within the window ending at {@code now}. */
    int failedWithin(Instant now) {
        Instant since = now.minus(policy.window());
        while (!failures.isEmpty() && failures.peekFirst().isBefore(since)) {
            failures.removeFirst();
        }
        return failures.size();
    }

    boolean givesUp(Instant now) {
        return failedWithin(now) >= policy.maxFailedStarts();
    }

    /** An owner stayed live for the minimum uptime (or someone started the role by hand): start afresh. */
    void reset() {
        failures.clear();
        next = policy.backoffInitial();
    }

    SupervisionPolicy policy() {
        return policy;
    }
}
