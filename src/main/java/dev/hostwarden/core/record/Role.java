package dev.hostwarden.core.record;

import java.util.Arrays;
import java.util.stream.Collectors;

/** A host-singleton slot. Exactly these three exist; any other name is a usage error. */
public enum Role {
    GATEWAY("gateway"),
    SERVE("serve"),
    DESKTOP_SERVE("desktop-serve");

    private final String wireName;

    Role(String wireName) {
        this.wireName = wireName;
    }

    /** The name used in file names, records and on the command line. */
    public String wireName() {
        return wireName;
    }

    /** True for the roles that serve the HTTP identity endpoint (the gateway uses its control socket). */
    public boolean servesHttp() {
        return this != GATEWAY;
    }

    public static Role parse(String name) {
        for (Role role : values()) {
            if (role.wireName.equals(name)) {
                return role;
            }
        }
        throw new IllegalArgumentException("unknown role '" + name + "' (accepted roles: " + acceptedNames() + ")");
    }

    public static String acceptedNames() {
        return Arrays.stream(values()).map(Role::wireName).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return wireName;
    }
}
