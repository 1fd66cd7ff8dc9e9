#!/bin/sh
# Writes the `.env` docker-compose.yml reads, from .env.example, with a fresh random value for
# every empty secret (INTERNAL_TOKEN, *_PASSWORD, *_TOKEN, *_SECRET) and `admin` as the optional
# admin account's name. Run it once before the first `docker-compose up`:
#
#   infra/generate-env.sh            # writes ./.env next to docker-compose.yml
#   infra/generate-env.sh path/.env  # or another file
#
# It never overwrites: when the file exists it says so and changes nothing (the database and
# broker keep the passwords of their first start, so new ones would lock the services out).
# The file is readable by its owner only. Needs only a POSIX shell, od and /dev/urandom.
set -eu

root=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
target=${1:-"$root/.env"}
template="$root/.env.example"

if [ -e "$target" ]; then
  echo "$target already exists: left unchanged (delete it first to generate new secrets)." >&2
  exit 0
fi
[ -r "$template" ] || { echo "missing $template" >&2; exit 1; }

# 32 random bytes as 64 hex characters: URL-safe, since passwords end up inside URLs.
random_hex() {
  od -An -tx1 -N32 /dev/urandom | tr -d ' \n'
}

umask 077
tmp="$target.tmp.$$"
trap 'rm -f "$tmp"' EXIT
while IFS= read -r line || [ -n "$line" ]; do
  case "$line" in
    ADMIN_USERNAME=) printf '%s\n' "ADMIN_USERNAME=admin" ;;
    # Identity asks an admin password for letters of both cases, a digit and a symbol.
    ADMIN_PASSWORD=) printf '%s\n' "ADMIN_PASSWORD=Db-1$(random_hex)" ;;
    *_PASSWORD= | *_TOKEN= | *_SECRET= | INTERNAL_TOKEN=) printf '%s%s\n' "$line" "$(random_hex)" ;;
    *) printf '%s\n' "$line" ;;
  esac
done <"$template" >"$tmp"

# A hard link fails if the target appeared meanwhile: never overwrite, even in a race.
if ! ln "$tmp" "$target" 2>/dev/null; then
  echo "$target already exists: left unchanged." >&2
  exit 0
fi
echo "Wrote $target with random secrets (admin account: admin, password: ADMIN_PASSWORD in that file)."
