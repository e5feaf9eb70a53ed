#!/usr/bin/env bash
# `status` against real owners, side by side with a JVM hello-world in one run: a `run gateway` serving
# three profiles and a `run serve` (no desktop-serve), started here and waited for READY; then, round by
# round in a rotating order (src/bench/alternate.py): a hello-world, `java -jar target/hostwarden.jar
# status --json` (the lock directory from HERMES_GATEWAY_LOCK_DIR, as a script would have it), the same
# in text, `status desktop-serve` (nothing published), and each of those through the launcher
# (installer/linux/hostwarden from this checkout, with its class-data archive made by its first status,
# as the package's postinst makes it), beside the same hello-world run with java -jar from a jar of its
# own and from a copy of ours (the floor any java -jar pays). Prints medians, spreads, CPU and ratios to
# the hello-world, then how many classes each path loads and whether any Jackson (core or databind),
# picocli, OSHI, JNA, JavaFX or AWT class is among them.
# Goals (issue 22): status with live owners <= 2.0x the hello-world, a role with nothing published
# <= 1.5x, from java -jar and from the launcher.
#
# Usage: src/bench/status-latency.sh [RUNS]   (after mvn -B package -DskipTests; default 21 rounds)
# Env:   INSTALLED=/usr/bin/hostwarden  adds the installed package's launcher
#        OTHER_JAR=path/hostwarden.jar   adds another build's java -jar (e.g. the one before a change)
#        OTHER_LAUNCHER=path             adds another launcher script, run with HOSTWARDEN_JAR=$OTHER_JAR
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-21}
jar=target/hostwarden.jar
[ -f "$jar" ] || { echo "build first: mvn -B package -DskipTests" >&2; exit 2; }
. src/bench/bench-lib.sh
start_work
export XDG_STATE_HOME="$WORK/state" XDG_CACHE_HOME="$WORK/cache" XDG_CONFIG_HOME="$WORK/config"
start_real_owners java -jar "$jar"

mkdir -p "$WORK/hello"
cat > "$WORK/hello/Hello.java" <<'JAVA'
public class Hello { public static void main(String[] args) { System.out.println("hello"); } }
JAVA
javac -d "$WORK/hello" "$WORK/hello/Hello.java"
# The floor of java -jar: the same hello-world as the Main-Class of a jar of its own, and of a copy of
# ours (its size and its manifest's Class-Path), so a ratio can be read against what any jar costs.
jar --create --file "$WORK/hello/hello.jar" --main-class Hello -C "$WORK/hello" Hello.class
cp "$jar" "$WORK/hello/ours-with-hello.jar"
jar --update --file "$WORK/hello/ours-with-hello.jar" --main-class Hello -C "$WORK/hello" Hello.class

java -jar "$jar" status --json | grep -c '"verdict" : "LIVE"' | grep -qx 2 \
  || { echo "status did not report two LIVE roles" >&2; java -jar "$jar" status >&2; exit 1; }
# The launcher's first status makes its archive (as the package's postinst does, over an empty directory).
empty=$(mktemp -d "$WORK/empty.XXXX")
installer/linux/hostwarden status --lock-dir "$empty" >/dev/null 2>&1 || true
contenders=("hello=java -cp $WORK/hello Hello" "hello -jar=java -jar $WORK/hello/hello.jar"
  "hello in our jar=java -jar $WORK/hello/ours-with-hello.jar"
  "jar json=java -jar $jar status --json" "launcher json=installer/linux/hostwarden status --json"
  "jar text=java -jar $jar status" "launcher text=installer/linux/hostwarden status"
  "jar empty=java -jar $jar status desktop-serve" "launcher empty=installer/linux/hostwarden status desktop-serve")
if [ -n "${INSTALLED:-}" ]; then
  "$INSTALLED" status --lock-dir "$empty" >/dev/null 2>&1 || true
  contenders+=("installed json=$INSTALLED status --json" "installed empty=$INSTALLED status desktop-serve")
fi
if [ -n "${OTHER_JAR:-}" ]; then
  contenders+=("other jar json=java -jar $OTHER_JAR status --json" "other jar empty=java -jar $OTHER_JAR status desktop-serve")
  if [ -n "${OTHER_LAUNCHER:-}" ]; then
    HOSTWARDEN_JAR=$OTHER_JAR "$OTHER_LAUNCHER" status --lock-dir "$empty" >/dev/null 2>&1 || true
    contenders+=("other launcher json=HOSTWARDEN_JAR=$OTHER_JAR $OTHER_LAUNCHER status --json")
  fi
fi

echo "status over real owners (run gateway serving three profiles, run serve, no desktop-serve), $runs rounds;" \
  "load average $(cut -d' ' -f1-3 /proc/loadavg) before"
python3 src/bench/alternate.py "$runs" "${contenders[@]}"
echo "  load average $(cut -d' ' -f1-3 /proc/loadavg) after; goals: live owners <= 2.0x hello, nothing published <= 1.5x"

# Which classes each path loads (no timing): databind and the desktop stack must not be among them.
for args in "status --json" "status" "status desktop-serve"; do
  java -Xlog:class+load:file="$WORK/classes.log" -jar "$jar" $args >/dev/null 2>&1 || true
  total=$(wc -l < "$WORK/classes.log")
  forbidden=$(grep -cE ' (com\.fasterxml\.jackson\.|picocli\.|oshi\.|com\.sun\.jna\.|javafx\.|java\.awt\.)' "$WORK/classes.log" || true)
  printf '  java -jar %-22s loads %4d classes; Jackson/picocli/OSHI/JNA/JavaFX/AWT among them: %d\n' "$args" "$total" "$forbidden"
done
