package dev.hostwarden.doctor;

/** One check of the machine around the rendezvous directory. Read-only: it looks, never writes. */
public interface DoctorCheck {
    Finding run(DoctorContext context);
}
