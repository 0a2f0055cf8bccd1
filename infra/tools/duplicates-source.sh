#!/usr/bin/env bash
# The repeated-code count issue 18 measures: pairs of places that share 6+ lines in the source, not the tests.
# Copies the tracked source (no tests, specs, migrations, infra/test or infra/bench) to a scratch folder and runs the
# `duplicates` command of the team's tool library on it. Usage: infra/tools/duplicates-source.sh [checkout] [rows]
set -euo pipefail
repo=${1:-.}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$repo"
git ls-files -co --exclude-standard | grep -E '\.(ts|tsx|mjs|js|css)$' \
  | grep -vE '(^|/)(test|tests|e2e|node_modules|dist)/|\.spec\.tsx?$|\.test\.tsx?$|\.e2e\.ts$|/migrations/|^infra/test/|^infra/bench/' \
  | while read -r file; do
      [ -f "$file" ] || continue
      mkdir -p "$scratch/$(dirname "$file")"
      cp "$file" "$scratch/$file"
    done
duplicates --repo "$scratch" --seconds 120 --most "${2:-8}"
