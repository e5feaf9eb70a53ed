#!/usr/bin/env bash
# Builds the installable packages from a checkout, into target/packages/ only:
#   hostwarden-VERSION-linux-ARCH.tar.gz   a portable app image: bin/hostwarden, app/, runtime/ (jlink), share/
#   hostwarden_VERSION_ARCH.deb            the same image in /opt/hostwarden, /usr/bin/hostwarden, menu entry, icons
# VERSION is the pom's, exactly what `hostwarden -V` prints. The .deb needs dpkg-deb (Debian, Ubuntu);
# without it only the app image is built, and the script says so.
# On Windows (Git Bash) and macOS the same runtime image goes into jpackage instead: Hostwarden-VERSION.msi
# (WiX 3 on PATH; a GUI launcher for the panel and a console launcher, hostwarden-cli, for the
# commands) or Hostwarden-VERSION.dmg, with the icon installer/windows/hostwarden.ico or
# installer/macos/hostwarden.icns. These run in .github/workflows/package.yml, not here.
#
# Usage: installer/build-packages.sh [--skip-maven] [MAVEN ARGS...]
#   Runs `mvn -B -q package -DskipTests` first (with MAVEN ARGS, e.g. -o), unless --skip-maven.
#   The JDK is JAVA_HOME's when set, else the one whose jlink is on PATH; it must be 17 or newer.
# Bad input (no JDK 17+ with jlink and jmods, no jpackage off Linux, no jar with --skip-maven) is one
# line on stderr, exit 1, and nothing changed. Past those checks, the packages of an earlier build are
# removed first, everything is built in target/packages.tmp/ and moved into target/packages/ at the very
# end, so a failed run leaves no package that a later step could mistake for a good one.
set -euo pipefail
umask 022
cd "$(dirname "$0")/.."
fail() { echo "build-packages: $*" >&2; exit 1; }

skip_maven=false
case $(uname -s) in
  MINGW* | MSYS* | CYGWIN*) os=windows sep=';' native_ext=dll native_dir=bin ;;
  Darwin) os=mac sep=':' native_ext=dylib native_dir=lib ;;
  *) os=linux sep=':' native_ext=so native_dir=lib ;;
esac
if [ "${1:-}" = "--skip-maven" ]; then skip_maven=true; shift; fi

# The JDK: its jlink, jdeps and jar, and the jmods jlink links from.
if [ -n "${JAVA_HOME:-}" ]; then
  [ -x "$JAVA_HOME/bin/jlink" ] || fail "JAVA_HOME=$JAVA_HOME has no bin/jlink: point it at a full JDK 17 or newer (Debian: apt-get install openjdk-17-jdk), or unset it to use the jlink on PATH"
  jlink=$JAVA_HOME/bin/jlink
else
  jlink=$(command -v jlink || true)
fi
[ -n "$jlink" ] || fail "jlink not found: install a full JDK 17 or newer (Debian: apt-get install openjdk-17-jdk), or set JAVA_HOME"
jdk=$(dirname "$(dirname "$(readlink -f "$jlink")")")
# Java on Windows wants C:/... paths in its ';'-separated path lists.
if [ $os = windows ]; then jdk=$(cygpath -m "$jdk"); fi
for tool in java jdeps jar; do
  [ -x "$jdk/bin/$tool" ] || fail "$jdk/bin/$tool not found: install a full JDK 17 or newer (Debian: apt-get install openjdk-17-jdk)"
done
feature=$("$jdk/bin/java" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print $2}')
[ "${feature%%.*}" -ge 17 ] 2>/dev/null || fail "the JDK in $jdk is Java $feature; Java 17 or newer is needed (Debian: apt-get install openjdk-17-jdk)"
[ $os = linux ] || [ -x "$jdk/bin/jpackage" ] || fail "$jdk/bin/jpackage not found: install a full JDK 17 or newer (it ships jpackage)"
# jpackage's application icon: made by installer/make-native-icons.py from the panel's status disc, committed.
case $os in
  windows) icon=installer/windows/hostwarden.ico ;;
  mac) icon=installer/macos/hostwarden.icns ;;
  *) icon= ;;
esac
[ -z "$icon" ] || [ -f "$icon" ] || fail "$icon is missing: run python3 installer/make-native-icons.py"
[ -d "$jdk/jmods" ] || fail "$jdk has no jmods/ for jlink: install them (Debian: apt-get install openjdk-$feature-jmods)"

! $skip_maven || [ -f target/hostwarden.jar ] || fail "target/hostwarden.jar is missing: run without --skip-maven"

# From here on the build can fail: packages of an earlier build go first, so a failed run leaves
# none that a later step (deb-smoke.sh, an upload) could take for this build's.
work=target/packages.tmp
rm -rf "$work" target/packages
if ! $skip_maven; then
  mvn -B -q "$@" package -DskipTests
fi
[ -f target/hostwarden.jar ] || fail "mvn package made no target/hostwarden.jar"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/out" "$work/manifest"

# The jar's manifest names its version and, in Class-Path, exactly this build's runtime jars
# (target/lib/ may still hold jars of an earlier build).
(cd "$work/manifest" && "$jdk/bin/jar" xf "$OLDPWD/target/hostwarden.jar" META-INF/MANIFEST.MF)
manifest() {  # manifest KEY: the value, with the manifest's 72-column continuation lines joined
  tr -d '\r' < "$work/manifest/META-INF/MANIFEST.MF" \
    | awk -v key="$1: " '/^ / { if (found) value = value substr($0, 2); next } { found = 0 } index($0, key) == 1 { found = 1; value = substr($0, length(key) + 1) } END { print value }'
}
version=$(manifest Implementation-Version)
[ -n "$version" ] || fail "target/hostwarden.jar names no Implementation-Version"
fx_jars=() other_jars=()
for entry in $(manifest Class-Path); do
  case $(basename "$entry") in
    javafx-*-[0-9]*[0-9].jar) ;;                       # empty stand-ins; the platform jars below hold JavaFX
    javafx-*.jar) fx_jars+=("target/$entry") ;;
    *) other_jars+=("target/$entry") ;;
  esac
done
[ ${#fx_jars[@]} -gt 0 ] || fail "the jar's Class-Path names no JavaFX platform jar"

# The runtime's modules: the committed list, checked against what jdeps finds the program using.
modules=$(sed 's/#.*//' installer/runtime-modules.txt | awk 'NF { print $1 }' | paste -sd, -)
fx_path=$(IFS=$sep; echo "${fx_jars[*]}")
used=$("$jdk/bin/jdeps" --ignore-missing-deps --multi-release 17 --print-module-deps --module-path "$fx_path" \
  target/hostwarden.jar "${other_jars[@]}" 2>/dev/null | tail -n 1)
for module in ${used//,/ }; do
  case ",$modules," in
    *",$module,"*) ;;
    *) fail "the program uses module $module, which installer/runtime-modules.txt lacks: add it" ;;
  esac
done

name=hostwarden-$version
image=$work/$name
mkdir -p "$image/bin" "$image/app/lib" "$image/share/applications" "$image/share/doc/hostwarden"
cp target/hostwarden.jar "$image/app/"
cp "${other_jars[@]}" "$image/app/lib/"
cp installer/linux/hostwarden "$image/bin/hostwarden"
chmod 755 "$image/bin/hostwarden"
cp installer/linux/hostwarden.desktop "$image/share/applications/"
# The systemd user unit of `hostwarden supervise ROLE` (the .deb puts it where systemd --user finds it).
mkdir -p "$image/share/systemd/user"
cp "installer/linux/hostwarden-supervise@.service" "$image/share/systemd/user/"
# The menu icon: the panel's "live" glyph; sizes above 64 px are made by installer/make-native-icons.py.
for size in 16 24 32 48 64 128 256; do
  mkdir -p "$image/share/icons/hicolor/${size}x${size}/apps"
  icon_png=assets/icons/tray-live-$size.png
  [ -f "$icon_png" ] || icon_png=installer/linux/icons/hostwarden-$size.png
  cp "$icon_png" "$image/share/icons/hicolor/${size}x${size}/apps/hostwarden.png"
done
cp LICENSE README.md "$image/share/doc/hostwarden/"

# JavaFX's native libraries go to runtime/lib/, where JavaFX looks first in a linked image, instead
# of being extracted from the modules into ~/.openjfx/cache on every first start.
"$jlink" --module-path "$jdk/jmods$sep$fx_path" --add-modules "$modules" \
  --exclude-resources="glob:/javafx.*/*.$native_ext" --strip-debug --no-header-files --no-man-pages \
  --generate-cds-archive --output "$image/runtime" >/dev/null
mkdir -p "$work/natives"
for fx in "${fx_jars[@]}"; do
  (cd "$work/natives" && "$jdk/bin/jar" xf "$OLDPWD/$fx")
done
find "$work/natives" -maxdepth 1 -name "*.$native_ext" -exec cp {} "$image/runtime/$native_dir/" \;

if [ $os != linux ]; then
  # jpackage around the same runtime and jars. The panel gets the JVM settings the Linux launcher gives
  # it, less the glibc-only native heap trim.
  common=(--name Hostwarden --app-version "$version" --vendor "The Hostwarden authors" --copyright "Copyright (c) 2026 The Hostwarden authors"
          --description "See and fix the owners of hermes' host-wide singleton roles" --license-file LICENSE
          --input "$image/app" --main-jar hostwarden.jar --main-class dev.hostwarden.Main --runtime-image "$image/runtime"
          --java-options "-XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xms32m -Xmx128m -Xmn16m -XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=30 -XX:+AlwaysPreTouch -XX:-UsePerfData" --dest "$work/out")
  common+=(--icon "$icon")
  if [ $os = windows ]; then
    "$jdk/bin/jpackage" --type msi "${common[@]}" --add-launcher hostwarden-cli=installer/windows/hostwarden-cli.properties \
      --win-menu --win-menu-group Hostwarden --win-shortcut --win-dir-chooser --win-upgrade-uuid 6f1c9a52-3d0b-4e7a-9a43-7f0d2d8f5b11
  else
    "$jdk/bin/jpackage" --type dmg "${common[@]}" --mac-package-identifier dev.hostwarden --mac-package-name Hostwarden
  fi
  rm -rf target/packages
  mv "$work/out" target/packages
  ls -1 target/packages | sed 's|^|target/packages/|'
  exit 0
fi
[ -x "$image/runtime/bin/java" ] || fail "jlink made no bin/java"

arch=$(dpkg --print-architecture 2>/dev/null || uname -m)
tar_arch=$(uname -m | sed 's/x86_64/x64/; s/aarch64/arm64/')
tar -C "$work" --owner=0 --group=0 --numeric-owner -czf "$work/out/$name-linux-$tar_arch.tar.gz" "$name"

if command -v dpkg-deb >/dev/null; then
  deb=$work/deb
  mkdir -p "$deb/DEBIAN" "$deb/opt" "$deb/usr/bin" "$deb/usr/share/doc/hostwarden"
  cp -al "$image" "$deb/opt/hostwarden"
  mv "$deb/opt/hostwarden/share/applications" "$deb/opt/hostwarden/share/icons" "$deb/usr/share/"
  mkdir -p "$deb/usr/lib/systemd/user"
  mv "$deb/opt/hostwarden/share/systemd/user/hostwarden-supervise@.service" "$deb/usr/lib/systemd/user/"
  rm -rf "$deb/opt/hostwarden/share"
  ln -s /opt/hostwarden/bin/hostwarden "$deb/usr/bin/hostwarden"
  cp installer/linux/debian/copyright "$deb/usr/share/doc/hostwarden/"
  cp installer/linux/debian/postinst installer/linux/debian/prerm "$deb/DEBIAN/"
  chmod 755 "$deb/DEBIAN/postinst" "$deb/DEBIAN/prerm"

  # Packages of the shared libraries the runtime links: those of the command line's libraries are
  # Depends; the desktop's (AWT, JavaFX, fonts, sound) are Recommends, with GTK 3, which JavaFX
  # loads at run time, so the command line installs on a headless machine.
  # Only the libraries each file names itself (ELF NEEDED, where objdump exists), not what those pull in.
  lib_packages() {
    for file in "$@"; do
      needed=$(objdump -p "$file" 2>/dev/null | awk '$1 == "NEEDED" { print $2 }' || true)
      ldd "$file" 2>/dev/null | awk -v needed=" $(echo $needed) " \
        '$2 == "=>" && $3 ~ /^\// && (needed == "  " || index(needed, " " $1 " ")) { print $3 }'
    done | sort -u | while read -r lib; do
      real=$(readlink -f "$lib")
      dpkg -S "$real" 2>/dev/null || dpkg -S "${real#/usr}" 2>/dev/null || dpkg -S "$lib" 2>/dev/null || true
    done | cut -d: -f1 | sort -u
  }
  rt=$image/runtime
  core=("$rt/bin/java" "$rt/lib/libjli.so" "$rt/lib/server/libjvm.so" "$rt/lib/libjava.so" "$rt/lib/libnet.so"
        "$rt/lib/libnio.so" "$rt/lib/libzip.so" "$rt/lib/libjimage.so")
  depends=$(lib_packages "${core[@]}")
  recommends=$( (lib_packages "$rt"/lib/*.so; echo libgtk-3-0) | grep -vxF -f <(echo "$depends") | sort -u)
  sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" \
      -e "s/@INSTALLED_SIZE@/$(du -sk --exclude=DEBIAN "$deb" | cut -f1)/" \
      -e "s/@DEPENDS@/$(echo "${depends:-libc6}" | paste -sd, - | sed 's/,/, /g')/" \
      -e "s/@RECOMMENDS@/$(echo "$recommends" | paste -sd, - | sed 's/,/, /g')/" \
      installer/linux/debian/control > "$deb/DEBIAN/control"
  dpkg-deb --root-owner-group -Zgzip --build "$deb" "$work/out/hostwarden_${version}_$arch.deb" >/dev/null
else
  echo "build-packages: dpkg-deb not found: built the app image only (install dpkg for the .deb)" >&2
fi

rm -rf target/packages
mv "$work/out" target/packages
ls -1 target/packages | sed 's|^|target/packages/|'
