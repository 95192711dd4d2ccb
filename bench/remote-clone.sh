#!/usr/bin/env bash
# Remote input: times `repobundle pack git://...` against packing the same commit from a local
# folder, and compares what a shallow partial clone stores with a full clone. The repository is
# this one (its own history), served by `git daemon` on a free loopback port.
# Usage: bash bench/remote-clone.sh   (after `npm run build -w @repobundle/engine`)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cli="$root/packages/engine/bin/repobundle.js"
work=$(mktemp -d)
trap 'kill "$daemon" 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$work/served/self"
git clone -q --bare "$root" "$work/served/self/repo.git"
git -C "$work/served/self/repo.git" config uploadpack.allowFilter true
port=$(node -e 's=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
git daemon --export-all --base-path="$work/served" --listen=127.0.0.1 --port="$port" --reuseaddr "$work/served" &
daemon=$!
sleep 1
url="git://127.0.0.1:$port/self/repo.git"
commits=$(git -C "$work/served/self/repo.git" rev-list --count HEAD)

seconds() { local start end; start=$(date +%s.%N); "$@" >/dev/null 2>&1; end=$(date +%s.%N); echo "$end - $start" | bc; }
median3() { printf '%s\n' "$@" | sort -n | sed -n 2p; }
run3() { median3 "$(seconds "$@")" "$(seconds "$@")" "$(seconds "$@")"; }

git clone -q "$url" "$work/local"
echo "repository: this one, $commits commits, $(git -C "$work/local" ls-files | wc -l) files at HEAD"
echo "pack local folder (s):                  $(run3 node "$cli" pack "$work/local" -o "$work/o1" --workers 0)"
echo "pack $url (s):          $(run3 node "$cli" pack "$url" -o "$work/o2" --workers 0)"
echo "  with --include-logs 50 (s):           $(run3 node "$cli" pack "$url" -o "$work/o3" --workers 0 --include-logs 50)"
echo "  with --sort-by-changes (s):           $(run3 node "$cli" pack "$url" -o "$work/o4" --workers 0 --sort-by-changes)"
git clone -q --depth=1 --filter=blob:none --no-tags "$url" "$work/partial"
git clone -q --bare "$url" "$work/full.git"
echo ".git of the shallow partial clone (KiB): $(du -sk "$work/partial/.git" | cut -f1)"
echo ".git of a full clone (KiB):              $(du -sk "$work/full.git" | cut -f1)"
