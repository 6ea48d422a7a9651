#!/usr/bin/env bash
# Runs every check CI runs: generated code up to date, formatting, vet, all tests (with the race
# detector on the web package), and a short run of every fuzz target. Installs what the tests need
# when it is missing; with CI=true a missing tool is a failure, never a skip.
set -euo pipefail
cd "$(dirname "$0")/.."

need() { # need CMD DEBIAN_PACKAGE
  command -v "$1" >/dev/null 2>&1 && return 0
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "== installing $2"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null
  fi
  command -v "$1" >/dev/null 2>&1 && return 0
  echo "missing: $1 (Debian package $2)" >&2
  exit 1
}

command -v go >/dev/null 2>&1 || { echo "missing: go (1.26 or newer)" >&2; exit 1; }
need chromium chromium
export CARDAVIA_CHROMIUM="${CARDAVIA_CHROMIUM:-$(command -v chromium)}"

echo "== templ: generated code current, templates formatted"
go tool templ generate -check
go tool templ fmt -fail .
echo "== gofmt"
bad=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$bad" ]; then echo "gofmt needed:"; echo "$bad"; exit 1; fi
echo "== go vet"
go vet ./...
echo "== go test"
go test -count=1 ./...
echo "== go test -race (the concurrent parts: handlers and stores)"
go test -race -short -count=1 ./web/...
echo "== fuzz (short)"
for pkg in $(go list ./...); do
  for f in $(go test -list '^Fuzz' "$pkg" | grep '^Fuzz' || true); do
    echo "-- $pkg $f"
    go test -run '^$' -fuzz "^$f\$" -fuzztime "${FUZZTIME:-8s}" "$pkg" >/tmp/fuzz.$$.log 2>&1 || { cat /tmp/fuzz.$$.log; exit 1; }
  done
done
echo "== all checks passed"
