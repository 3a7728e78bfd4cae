#!/usr/bin/env bash
# Proves the generated sheets open in LibreOffice: writes one US and one EU DOCX, converts each
# to PDF with `soffice --headless`, and renders page 1 to PNG, all under test-results/sds/.
# Installs LibreOffice Writer and poppler-utils when missing (Debian/Ubuntu, needs root).
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT="${1:-test-results/sds}"
mkdir -p "$OUT"

if ! command -v soffice >/dev/null || ! command -v pdftoppm >/dev/null; then
  echo "render-check: installing libreoffice-writer-nogui and poppler-utils" >&2
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libreoffice-writer-nogui poppler-utils >/dev/null
fi

npx tsx scripts/sds/render-sample.ts "$OUT"

# A private profile so a concurrent LibreOffice elsewhere does not block the conversion.
PROFILE="$(mktemp -d)"
trap 'rm -rf "$PROFILE"' EXIT
status=0
for docx in "$OUT"/*-SDS-US.docx "$OUT"/*-SDS-EU.docx; do
  timeout 180 soffice -env:UserInstallation="file://$PROFILE" --headless --convert-to pdf --outdir "$OUT" "$docx" >/dev/null 2>&1 || true
  pdf="${docx%.docx}.pdf"
  if [ ! -s "$pdf" ]; then
    echo "render-check: FAILED to convert $docx" >&2
    status=1
    continue
  fi
  pages="$(pdfinfo "$pdf" 2>/dev/null | awk '/^Pages:/ {print $2}')"
  pdftoppm -png -r 60 -f 1 -l 1 "$pdf" "${pdf%.pdf}-page"
  echo "render-check: $pdf ($pages pages), page 1 at ${pdf%.pdf}-page-1.png"
done
[ "$status" -eq 0 ] && echo "render-check: 2 passed, 0 failed" || echo "render-check: conversion failed"
exit "$status"
