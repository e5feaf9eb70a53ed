package dev.hostwarden.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The numeric user id of this process, read without native code. */
final class CurrentUser {
    private static volatile Integer uid;

    private CurrentUser() {
    }

    static int uid() throws IOException {
        Integer known = uid;
        if (known == null) {
            known = Platform.isLinux()
                    ? (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")
                    : (int) new com.sun.security.auth.module.UnixSystem().getUid();
            uid = known;
        }
        return known;
    }
}
