package dev.hostwarden.core.platform;

import com.sun.security.auth.module.UnixSystem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The numeric user id of this process, read without native code. */
public final class CurrentUser {
    private static volatile Integer uid;

    private CurrentUser() {
    }

    public static int uid() throws IOException {
        Integer known = uid;
        if (known == null) {
            known = Platform.current().hasProcFs()
                    ? (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")
                    : (int) new UnixSystem().getUid();
            uid = known;
        }
        return known;
    }
}
