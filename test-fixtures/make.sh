#!/bin/sh
# Regenerates the office and scan fixtures from the flat-ODF sources in sources/ with a real office
# suite (Debian: libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui,
# poppler-utils). CI does not run this: the generated files are committed.
set -eu
cd "$(dirname "$0")"
out=$(mktemp -d)
conv() { soffice --headless --convert-to "$1" --outdir "$out" "$2" >/dev/null 2>&1; }
mkdir -p office scan
for f in docx doc odt; do conv $f sources/letter.fodt; cp "$out/letter.$f" office/; done
for f in pptx ppt odp; do conv $f sources/slides.fodp; cp "$out/slides.$f" office/; done
conv 'pptm:Impress MS PowerPoint 2007 XML VBA' sources/slides.fodp && cp "$out/slides.pptm" office/ || true
for f in xlsx xls ods; do conv $f sources/orders.fods; cp "$out/orders.$f" office/; done
conv 'xlsm:Calc MS Excel 2007 VBA XML' sources/orders.fods && cp "$out/orders.xlsm" office/ || true
cp sources/page.html office/page.html
# The scanned invoice: rendered at 150 dpi in grey (as a scanner would), then put in a PDF as an image.
conv pdf sources/invoice-scan.fodt
pdftoppm -r 150 -gray -png -singlefile "$out/invoice-scan.pdf" scan/invoice-scan
pdftoppm -r 150 -gray -jpeg -singlefile "$out/invoice-scan.pdf" scan/invoice-scan
mkdir -p "$out/img" && conv pdf scan/invoice-scan.png && cp "$out/invoice-scan.pdf" scan/invoice-scan.pdf
# Damaged copies: truncated halfway, and with a run of bytes overwritten in the middle.
mkdir -p damaged
for f in office/letter.docx office/letter.doc office/slides.pptx office/orders.xlsx office/orders.xls office/letter.odt; do
  base=$(basename "$f"); size=$(stat -c %s "$f")
  head -c $((size / 2)) "$f" > "damaged/truncated-$base"
  cp "$f" "damaged/scrambled-$base"
  printf '%*s' 2000 '' | tr ' ' 'Z' | dd of="damaged/scrambled-$base" bs=1 seek=$((size / 3)) conv=notrunc 2>/dev/null
done
rm -rf "$out"
