#!/usr/bin/env bash
# Installs what the project needs from the system's packages, only what is
# missing: a C compiler and Python headers (the solver core), clang and lld
# (the same core compiled to WebAssembly for the browser), venv, Node.js
# and npm (the front end), Redis (broker, results, cache), gettext (the
# translations: makemessages, compilemessages) and Chromium (the browser
# tests).  Debian/Ubuntu (apt-get); as root or through sudo.
set -euo pipefail
need=()
command -v cc >/dev/null 2>&1 || need+=(build-essential)
python3 -c 'import sysconfig, os, sys; sys.exit(0 if os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")) else 1)' 2>/dev/null || need+=(python3-dev)
python3 -c 'import ensurepip, venv' 2>/dev/null || need+=(python3-venv)
command -v clang >/dev/null 2>&1 || need+=(clang)
command -v wasm-ld >/dev/null 2>&1 || need+=(lld)
command -v node >/dev/null 2>&1 || need+=(nodejs)
command -v npm >/dev/null 2>&1 || need+=(npm)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
command -v msgfmt >/dev/null 2>&1 || need+=(gettext)
if [ "${WITH_POSTGRES:-0}" = 1 ]; then
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1 || need+=(postgresql)
fi
if [ "${WITH_BROWSER:-0}" = 1 ]; then
  command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || need+=(chromium)
fi
[ ${#need[@]} -eq 0 ] && exit 0
echo "installing system packages: ${need[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq "${need[@]}" >/dev/null
