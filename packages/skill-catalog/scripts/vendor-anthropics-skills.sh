#!/bin/sh
# Copies a subset of the public anthropics/skills collection, as its authors wrote it (every file
# of each chosen skill, its LICENSE.txt included), into test/fixtures/anthropics-skills.
# Usage: vendor-anthropics-skills.sh <git dir of a clone of github.com/anthropics/skills> [commit]
set -eu
GIT_DIR_IN="$1"
COMMIT="${2:-HEAD}"
HERE="$(cd "$(dirname "$0")/.." && pwd)"
OUT="$HERE/test/fixtures/anthropics-skills"
WHOLE="brand-guidelines doc-coauthoring frontend-design internal-comms mcp-builder pdf slack-gif-creator webapp-testing"
rm -rf "$OUT" && mkdir -p "$OUT/skills"
for skill in $WHOLE; do
  git --git-dir="$GIT_DIR_IN" archive "$COMMIT" "skills/$skill" | tar -x -C "$OUT"
done
# claude-api is 66 files and 790 KB: its SKILL.md (a description over 1,024 characters) and licence.
mkdir -p "$OUT/skills/claude-api"
for file in SKILL.md LICENSE.txt; do
  git --git-dir="$GIT_DIR_IN" show "$COMMIT:skills/claude-api/$file" > "$OUT/skills/claude-api/$file"
done
git --git-dir="$GIT_DIR_IN" show "$COMMIT:THIRD_PARTY_NOTICES.md" > "$OUT/THIRD_PARTY_NOTICES.md"
REV="$(git --git-dir="$GIT_DIR_IN" rev-parse "$COMMIT")"
cat > "$OUT/README.md" <<NOTE
A subset of https://github.com/anthropics/skills at commit $REV, copied unchanged by
scripts/vendor-anthropics-skills.sh: the whole folders of $WHOLE, and claude-api's SKILL.md and
LICENSE.txt only. Each skill keeps its own LICENSE.txt; THIRD_PARTY_NOTICES.md is the collection's.
NOTE
