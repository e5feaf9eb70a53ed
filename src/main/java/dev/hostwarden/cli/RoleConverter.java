package dev.hostwarden.cli;

import dev.hostwarden.core.record.Role;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Parses a role name; a bad one is an {@link UnknownRole}, worded the same by every command. */
public final class RoleConverter implements ITypeConverter<Role> {
    @Override
    public Role convert(String value) {
        for (Role role : Role.values()) {
            if (role.wireName().equals(value)) {
                return role;
            }
        }
        throw new UnknownRole(value);
    }

    /** The one wording of an unknown role: {@code unknown role 'foo' (accepted roles: gateway, serve, desktop-serve)}. */
    static final class UnknownRole extends TypeConversionException {
        private static final long serialVersionUID = 1L;

        UnknownRole(String name) {
            super("unknown role '" + name + "' (accepted roles: " + Role.acceptedNames() + ")");
        }
    }
}
