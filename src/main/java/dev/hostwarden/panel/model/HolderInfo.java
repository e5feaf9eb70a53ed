package dev.hostwarden.panel.model;

/** Who a lock holder PID is, as the operating system describes it; blank fields are unknown. */
public record HolderInfo(long pid, String name, String commandLine, String user) {
    public HolderInfo {
        name = name == null ? "" : name;
        commandLine = commandLine == null ? "" : commandLine;
        user = user == null ? "" : user;
    }
}
