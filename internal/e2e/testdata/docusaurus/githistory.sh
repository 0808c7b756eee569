#!/usr/bin/env bash
# Usage: githistory.sh DEST
# Copies the sources of this fixture (everything but build/, node_modules/
# and .docusaurus/) into DEST, a folder that must not exist yet, and makes
# DEST a git repository with the history history.txt describes (its format
# is at the top of that file).
set -euo pipefail
[[ $# == 1 ]] || { echo "usage: $0 DEST" >&2; exit 2; }
fixture=$(cd "$(dirname "$0")" && pwd)
dest=$1
[[ ! -e $dest ]] || { echo "$0: $dest already exists" >&2; exit 1; }
mkdir -p "$dest"
(cd "$fixture" && tar -cf - --exclude=./build --exclude=./node_modules --exclude=./.docusaurus .) |
  (cd "$dest" && tar -xf -)
cd "$dest"

git() {
  command git -c init.defaultBranch=main -c commit.gpgsign=false -c core.hooksPath=/dev/null \
    -c user.name=t -c user.email=t@example.com "$@"
}
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.com GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.com
git init -q .

# The files of later lines, left out of the first commit.
later=()
first=true
while read -r _ rest; do
  if $first; then first=false; continue; fi
  read -ra paths <<<"$rest"
  later+=("${paths[@]}")
done < <(grep -v -e '^#' -e '^$' history.txt)

n=0
first=true
while IFS= read -r line; do
  n=$((n + 1))
  [[ -z $line || $line == '#'* ]] && continue
  read -r date rest <<<"$line"
  read -ra paths <<<"$rest"
  [[ $date =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$ ]] ||
    { echo "$0: history.txt line $n: bad date $date" >&2; exit 1; }
  ((${#paths[@]})) || { echo "$0: history.txt line $n: no paths" >&2; exit 1; }
  if $first; then
    [[ ${paths[*]} == '*' ]] || { echo "$0: history.txt line $n: the first commit must be '*'" >&2; exit 1; }
    first=false
    git add -A .
    if ((${#later[@]})); then git rm -q --cached -- "${later[@]}"; fi
  else
    git add -- "${paths[@]}"
  fi
  GIT_AUTHOR_DATE=$date GIT_COMMITTER_DATE=$date git commit -q -m "history.txt line $n"
done < history.txt

if [[ -n $(git status --porcelain) ]]; then
  echo "$0: files left out of every commit:" >&2
  git status --porcelain >&2
  exit 1
fi
