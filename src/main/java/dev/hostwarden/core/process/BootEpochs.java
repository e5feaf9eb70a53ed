package dev.hostwarden.core.process;

/** Comparison of boot epochs written as {@code <boot_id>[:<pid 1 start ticks>]}. */
public final class BootEpochs {
    private BootEpochs() {
    }

    /**
     * Equal boot-id parts (before the first ':'), and equal second parts where both carry one.
     */
    public static boolean match(String recorded, String current) {
        int r = recorded.indexOf(':');
        int c = current.indexOf(':');
        String recordedBoot = r < 0 ? recorded : recorded.substring(0, r);
        String currentBoot = c < 0 ? current : current.substring(0, c);
        if (!recordedBoot.equals(currentBoot)) {
            return false;
        }
        return r < 0 || c < 0 || recorded.substring(r + 1).equals(current.substring(c + 1));
    }
}
