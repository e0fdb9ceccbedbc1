#!/usr/bin/env bash
# fio's own readers (fio 3.33's tools/) on lunmark's output: json+ through
# fio_jsonplus_clat2csv (and its --validate), the iops and bw logs through
# plot/fio2gnuplot, and through fio_generate_plots where gnuplot is
# installed. The tools come from $FIO_TOOLS, else from the fio source that
# scripts/bench-iscsi.sh unpacks under build/bench/fio-libiscsi, else from
# Debian's fio package (3.33 ships the same scripts in /usr/bin); fio's
# histogram readers (tools/hist) need write_hist_log, which lunmark does not
# write yet.
. "$(dirname "$0")/lib.sh"
lm_need_root
tools=${FIO_TOOLS:-$LM_ROOT/build/bench/fio-libiscsi/src/fio/tools}
clat2csv=$tools/fio_jsonplus_clat2csv
gnuplot2=$tools/plot/fio2gnuplot
plots=$tools/fio_generate_plots
if [ ! -f "$clat2csv" ] && [ -x /usr/bin/fio_jsonplus_clat2csv ]; then
	clat2csv=/usr/bin/fio_jsonplus_clat2csv
	gnuplot2=/usr/bin/fio2gnuplot
	plots=/usr/bin/fio_generate_plots
fi
[ -f "$clat2csv" ] ||
	skip "no fio tools at $tools nor in /usr/bin (bash scripts/deps.sh installs fio; bench-iscsi.sh unpacks its source)"
command -v python3 >/dev/null || skip "python3 is not installed"
lm_loop 32 512
cd "$LM_WORK" || fail "no work directory"

printf '[j]\nfilename=%s\ndirect=1\nioengine=psync\nrw=randread\nbs=4k\nsize=16m\nruntime=2\ntime_based\nwrite_bw_log=j\nwrite_iops_log=j\nwrite_lat_log=j\nlog_avg_msec=500\n' \
	"$LM_DEV" >j.fio
expect_exit "$LM_EXIT_OK" out "$LUNMARK" j.fio --output-format=json+ --output=lm.json --no-prefill

# json+: a CSV of every bucket, and the tool's own check of it
python3 "$clat2csv" lm.json clat.csv >out 2>&1 ||
	fail "fio_jsonplus_clat2csv: $(tail -3 out)"
[ "$(grep -c '^[0-9]' clat_job0.csv)" -gt 10 ] || fail "fio_jsonplus_clat2csv wrote no buckets"
python3 "$clat2csv" lm.json clat.csv --validate >out 2>&1 ||
	fail "fio_jsonplus_clat2csv --validate: $(tail -3 out)"
expect_grep "validated" out

# the logs: fio2gnuplot averages the iops log of each 500 ms window
mkdir g
python3 "$gnuplot2" -i -d g >out 2>&1 || fail "fio2gnuplot: $(tail -3 out)"
expect_grep "j_iops.1.log" out
awk 'NF == 2 && $2 > 0 { n++ } END { exit !n }' g/result.average ||
	fail "fio2gnuplot found no IOPS in j_iops.1.log: $(head -5 g/result.average)"

if command -v gnuplot >/dev/null; then
	bash "$plots" lunmark >out 2>&1 || fail "fio_generate_plots: $(tail -3 out)"
	ls lunmark-*.svg >/dev/null 2>&1 || fail "fio_generate_plots drew nothing"
else
	note "fio_generate_plots not tried: gnuplot is not installed"
fi
note "tools/hist not tried: lunmark writes no write_hist_log histograms yet"
exit "$LM_PASS"
