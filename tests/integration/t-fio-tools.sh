#!/usr/bin/env bash
# fio's own readers (fio 3.33's tools/) on lunmark's output: json+ through
# fio_jsonplus_clat2csv (and its --validate), the iops and bw logs through
# plot/fio2gnuplot, and through fio_generate_plots where gnuplot is
# installed. The tools come from $FIO_TOOLS, else from the fio source that
# scripts/bench-iscsi.sh unpacks under build/bench/fio-libiscsi, else from
# Debian's fio package (3.33 ships the same scripts in /usr/bin, and the
# histogram readers in its docs); fio's histogram readers (tools/hist) on
# write_hist_log's logs, against fio's own of the same job.
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
	fail "fio_generate_plots not tried: no gnuplot (scripts/deps.sh installs gnuplot-nox)"
fi

# write_hist_log: fio's two histogram readers (tools/hist) on lunmark's
# log and on fio's own of the same job, the same number of bins; what
# they read adds up to the IOs of the JSON and has its median
hist=$tools/hist
pctiles=$hist/fio-histo-log-pctiles.py
parser=$hist/fiologparser_hist.py
if [ ! -f "$pctiles" ] && [ -f /usr/share/doc/fio/fio-histo-log-pctiles.py.gz ]; then
	mkdir hist && hist=$LM_WORK/hist
	for t in fio-histo-log-pctiles fiologparser_hist; do
		gunzip -c "/usr/share/doc/fio/$t.py.gz" >"hist/$t.py"
	done
	pctiles=$hist/fio-histo-log-pctiles.py
	parser=$hist/fiologparser_hist.py
fi
[ -f "$pctiles" ] || fail "no fio-histo-log-pctiles.py in $tools/hist nor Debian's fio docs"
printf '[h]\nfilename=%s\ndirect=1\nioengine=libaio\niodepth=4\nrw=randread\nbs=4k\nruntime=2\ntime_based\nwrite_hist_log=h\nlog_hist_msec=100\nnumjobs=2\n' \
	"$LM_DEV" >h.fio
expect_exit "$LM_EXIT_OK" out "$LUNMARK" h.fio --output-format=json --output=h.json --no-prefill
{ [ -s h_clat_hist.1.log ] && [ -s h_clat_hist.2.log ]; } ||
	fail "no histogram log per thread: $(ls)"
fields() { awk -F', ' '{ print NF }' "$1" | sort -u | tr '\n' ' '; }
[ "$(fields h_clat_hist.1.log)" = "1859 " ] ||
	fail "lines of $(fields h_clat_hist.1.log)fields, not fio's 3 + 1856"
if command -v fio >/dev/null; then
	mkdir f && sed 's/^write_hist_log=h$/write_hist_log=f\/h/' h.fio >f/h.fio
	fio f/h.fio >/dev/null 2>&1 || fail "fio could not run the histogram job"
	[ "$(fields f/h_clat_hist.1.log)" = "$(fields h_clat_hist.1.log)" ] ||
		fail "fio's lines have $(fields f/h_clat_hist.1.log)fields, lunmark's $(fields h_clat_hist.1.log)"
fi
ios=$(jq '.jobs[0].read.total_ios' h.json)
all=$(jq '[.jobs[].read.total_ios] | add' h.json)
p50=$(jq '.jobs[0].read.clat_ns.percentile["50.000000"]' h.json)
# each thread's log holds its IOs' latencies in fio's bins: of the IOs
# it logged, fewer than half of the thread's are below the bin of the
# JSON's median, and at least half, less those not logged (the last,
# short window), are up to it; exact, on a loaded machine too
for k in 1 2; do
	read -r t v < <(jq -r ".jobs[$((k - 1))].read | \"\(.total_ios) \(.clat_ns.percentile[\"50.000000\"])\"" h.json)
	# fio's plat_val_to_idx: exact below 128, then 64 bins a power of 2
	read -r n lo upto b < <(awk -F', *' -v v="$v" 'BEGIN {
		if (v < 128) b = v
		else { m = 0; for (x = v; x >= 2; x = int(x / 2)) m++; e = m - 6
			b = (e + 1) * 64 + int(v / 2 ^ e) % 64 } }
		{ for (i = 4; i <= NF; i++) { n += $i; if (i - 4 < b) lo += $i; else if (i - 4 == b) at += $i } }
		END { print n + 0, lo + 0, lo + at, b }' "h_clat_hist.$k.log")
	note "thread $k: $n of $t IOs logged; $lo below bin $b of the JSON's median $v ns, $upto up to it"
	awk -v n="$n" -v t="$t" -v lo="$lo" -v up="$upto" 'BEGIN {
		exit !(n <= t && n >= 0.8 * t && 2 * lo <= t && 2 * up >= t - 2 * (t - n)) }' ||
		fail "thread $k's histogram log is not the JSON's latencies: $lo below, $upto up to the median's bin, of $n logged and $t IOs"
done
read -r lo50 hi50 < <(jq -r '[.jobs[].read.clat_ns.percentile["50.000000"]] | "\(min) \(max)"' h.json)
python3 "$pctiles" h_clat_hist.1.log >pct.out 2>&1 || fail "fio-histo-log-pctiles.py: $(tail -3 pct.out)"
# its lines: msec, samples, min, median, 95, 99, max (us)
# the median of each line, weighed by its IOs (a last, short interval's
# alone can be anything)
read -r n med < <(awk -F', *' '$1 ~ /^ *[0-9]+$/ { n += $2; m += $2 * $4 } END { print n + 0, n ? m / n : 0 }' pct.out)
note "fio-histo-log-pctiles.py: $n IOs of thread 1 logged, median $med us; the JSON: $ios IOs of thread 1, median $p50 ns"
# all but the last window's, which fio leaves out too
awk -v n="$n" -v t="$ios" 'BEGIN { exit !(n >= 0.8 * t && n <= t) }' ||
	fail "fio-histo-log-pctiles.py read $n IOs of thread 1, of $ios in all"
awk -v m="$med" -v p="$p50" 'BEGIN { exit !(m * 1000 >= 0.5 * p && m * 1000 <= 2 * p) }' ||
	fail "fio-histo-log-pctiles.py's median $med us is far from the JSON's $p50 ns"
# fiologparser_hist.py needs pandas: Debian's python3-pandas, for
# Debian's python3
py=/usr/bin/python3
if [ -f "$parser" ] && "$py" -c 'import pandas' 2>/dev/null; then
	"$py" "$parser" h_clat_hist.1.log h_clat_hist.2.log >parse.out 2>&1 ||
		fail "fiologparser_hist.py: $(tail -3 parse.out)"
	# end-time, samples, min, avg, median, 90%, 95%, 99%, max (ns); its
	# samples weigh each log window into its 1 s intervals, overlapping:
	# on fio's own log of this job it counted 1.2 times the IOs
	read -r n med < <(awk -F', *' 'NR > 1 { n += $2; m += $2 * $5 } END { print n + 0, n ? m / n : 0 }' parse.out)
	note "fiologparser_hist.py: $n IOs of both threads weighed, median $med ns; the JSON: $all, medians $lo50 to $hi50 ns"
	awk -v n="$n" -v t="$all" 'BEGIN { exit !(n >= 0.7 * t && n <= 1.6 * t) }' ||
		fail "fiologparser_hist.py weighed $n IOs, of $all"
	# both threads' IOs: their median lies between the threads' own
	awk -v m="$med" -v lo="$lo50" -v hi="$hi50" 'BEGIN { exit !(m >= 0.5 * lo && m <= 2 * hi) }' ||
		fail "fiologparser_hist.py's median $med ns is far from the threads' medians, $lo50 to $hi50 ns"
else
	fail "fiologparser_hist.py not run: no $parser, or no pandas for $py (scripts/deps.sh installs python3-pandas)"
fi
exit "$LM_PASS"
