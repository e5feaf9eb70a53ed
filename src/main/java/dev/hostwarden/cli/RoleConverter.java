package dev.hostwarden.cli;

import dev.hostwarden.core.Role;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Parses a role name, naming the accepted ones on a bad value. */
public final class RoleConverter implements ITypeConverter<Role> {
    @Override
    public Role convert(String value) {
        try {
            return Role.parse(value);
        } catch (IllegalArgumentException unknown) {
            throw new TypeConversionException(unknown.getMessage());
        }
    }
}
