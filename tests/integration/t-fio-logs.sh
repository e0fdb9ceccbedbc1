#!/usr/bin/env bash
# fio's logs against Debian's fio on one loop device: the same files,
# windows of log_avg_msec stamped as fio stamps them, their averages
# agreeing with the JSON, a line per IO at log_avg_msec=0 (per clone),
# and log_offset's offsets those of fio; log_unix_epoch's times within
# the run, on the clock asked for. t-fio-tools reads them with fio's own
# readers.
. "$(dirname "$0")/lib.sh"
lm_need_root
command -v fio >/dev/null || skip "fio is not installed (bash scripts/deps.sh)"
command -v jq >/dev/null || skip "jq is not installed (bash scripts/deps.sh)"
lm_loop 64 512
# reads of written blocks (a hole reads at another speed)
dd if=/dev/urandom of="$LM_DEV" bs=1M count=64 oflag=direct status=none

# fio's logs: the same files as fio, whole-second windows stamped as fio
# does, the averages agreeing with the JSON
printf '[l]\nfilename=%s\ndirect=1\nioengine=psync\nrw=randread\nbs=4k\nsize=32m\nruntime=3\ntime_based\nwrite_bw_log=%s/f\nwrite_iops_log=%s/f\nwrite_lat_log=%s/f\nlog_avg_msec=1000\n' \
	"$LM_DEV" "$LM_WORK/fl" "$LM_WORK/fl" "$LM_WORK/fl" >"$LM_WORK/log.fio"
mkdir "$LM_WORK/fl"
fio "$LM_WORK/log.fio" >/dev/null 2>&1 || fail "fio could not write logs"
logs() { find "$LM_WORK/fl" -type f -printf '%f ' | tr ' ' '\n' | sort | tr '\n' ' '; }
fio_logs=$(logs)
rm -f "$LM_WORK"/fl/*
"$LUNMARK" "$LM_WORK/log.fio" --output-format=json --output="$LM_WORK/log.json" --no-prefill ||
	fail "lunmark could not write logs"
[ "$(logs)" = "$fio_logs" ] || fail "log files: fio $fio_logs, lunmark $(logs)"
# whole seconds only: of the 3 s, the windows ending at 1000 and 2000
# ms, and the third when the stop came a whole second after the second
# tick (a fresh machine's run had it); a last part second is left out
ns=$(wc -l <"$LM_WORK/fl/f_bw.1.log")
w=$(cut -d, -f1,3- "$LM_WORK/fl/f_bw.1.log" | tr -d ' ' | tr '\n' ' ')
if [ "$w" != "1000,0,0,0 2000,0,0,0 " ] && [ "$w" != "1000,0,0,0 2000,0,0,0 3000,0,0,0 " ]; then
	fail "bw log windows: $(cat "$LM_WORK/fl/f_bw.1.log") ($ns lines)"
fi
# each window's KiB/s is its IOPS times 4 (4k reads), each a whole
# number; and near the run's own rate (the JSON's bw_mean is of fio's
# 500 ms samples, other windows), but in the sanitized pass, whose rate
# moved by more than 2x between the seconds of one run in CI
near=2
lm_sanitized && near=1000000
paste -d, "$LM_WORK/fl/f_bw.1.log" "$LM_WORK/fl/f_iops.1.log" | tr -d ' ' |
	awk -F, -v j="$(jq '.jobs[0].read.bw' "$LM_WORK/log.json")" -v ns="$ns" -v near="$near" \
	'{ d = $2 - 4 * $7; if (d > 4 || d < -4) bad++; s += $2; n++ }
	END { exit !(n == ns && !bad && s / n > j / near && s / n < near * j) }' ||
	fail "bw log $(cat "$LM_WORK/fl/f_bw.1.log") against the iops log $(cat "$LM_WORK/fl/f_iops.1.log") and bw $(jq '.jobs[0].read.bw' "$LM_WORK/log.json")"
# the windows' latencies weighted by their IOs (the iops log) add up to
# the latency of the IOs they hold, all but those of the last part
# second: at most the run's total (mean x IOs) and at least that total
# less the rest's IOs at the run's max latency; and each window's mean
# between the run's min and max (a log in other units is off by 1000).
# Exact bounds that hold on a loaded machine, less one ns an IO for the
# log's rounding. A band around the run's mean does not: under ASan on a
# loaded machine, two windows' means were 2.9 and 2.1 times the run's:
# the IOs of its last, unlogged part second were that much faster
jr() { jq ".jobs[0].read.$1" "$LM_WORK/log.json"; }
paste -d, "$LM_WORK/fl/f_clat.1.log" "$LM_WORK/fl/f_iops.1.log" | tr -d ' ' |
	awk -F, -v j="$(jr clat_ns.mean)" -v ios="$(jr total_ios)" -v max="$(jr clat_ns.max)" -v min="$(jr clat_ns.min)" \
	'{ s += $2 * $7; w += $7; n++; if ($2 < min - 1 || $2 > max + 1) bad++ } END { t = j * ios; slack = w + n
		exit !(n >= 2 && w <= ios && s <= t + slack && s >= t - (ios - w) * max - slack && !bad) }' ||
	fail "clat log $(cut -d, -f1,2 "$LM_WORK/fl/f_clat.1.log" | tr '\n' ' ')(IOPS $(cut -d, -f2 "$LM_WORK/fl/f_iops.1.log" | tr '\n' ' ')) against clat mean $(jr clat_ns.mean), min $(jr clat_ns.min), max $(jr clat_ns.max), $(jr total_ios) IOs"
[ ! -s "$LM_WORK/fl/f_slat.1.log" ] || fail "slat log not empty"
# windows under a second, stamped at their ends: fio logs the last one,
# which ends as the runtime does, or not, by a race; lunmark does not
sed 's/log_avg_msec=1000/log_avg_msec=500/; s/runtime=3/runtime=2/' "$LM_WORK/log.fio" >"$LM_WORK/log500.fio"
rm -rf "$LM_WORK/fl" && mkdir "$LM_WORK/fl"
fio "$LM_WORK/log500.fio" >/dev/null 2>&1 || fail "fio could not write 500 ms logs"
nf=$(wc -l <"$LM_WORK/fl/f_iops.1.log")
rm -rf "$LM_WORK/fl" && mkdir "$LM_WORK/fl"
"$LUNMARK" "$LM_WORK/log500.fio" --no-prefill >/dev/null || fail "lunmark could not write 500 ms logs"
# shellcheck disable=SC2015 # both must hold, else fail
[ "$(cut -d, -f1 "$LM_WORK/fl/f_iops.1.log" | tr '\n' ' ')" = "500 1000 1500 " ] && [ "$nf" -ge 3 ] ||
	fail "500 ms windows: fio $nf lines, lunmark $(cat "$LM_WORK/fl/f_iops.1.log")"
# fio's default, log_avg_msec=0: a set of logs per thread, a line per IO
# (each thread its own pass of 8 MiB, as fio's clones: 2048 IOs); libaio,
# whose slat is apart from its clat
printf '[p]\nfilename=%s\ndirect=1\nioengine=libaio\niodepth=2\nrw=randread\nbs=4k\nsize=8m\nnumjobs=2\noffset_increment=8m\nwrite_bw_log=%s/p\nwrite_iops_log=%s/p\nwrite_lat_log=%s/p\n' \
	"$LM_DEV" "$LM_WORK/fl" "$LM_WORK/fl" "$LM_WORK/fl" >"$LM_WORK/pio.fio"
rm -rf "$LM_WORK/fl" && mkdir "$LM_WORK/fl"
fio "$LM_WORK/pio.fio" >/dev/null 2>&1 || fail "fio could not write per-IO logs"
fio_logs=$(logs)
fio_lines=$(for f in bw.1 bw.2 clat.1 iops.2 lat.2; do wc -l <"$LM_WORK/fl/p_$f.log"; done | tr '\n' ' ')
# and its JSON's bw and iops figures are of a sample per IO (fio's
# per_unit_log()): each clone's those of its logs' lines, the mean to
# its last digits (a running mean, the log's a sum over N)
same() { awk -v a="$1" -v b="$2" 'BEGIN { split(a, x, " "); split(b, y, " ")
	for (i = 1; i <= 7; i++) if (i == 3 ? (x[i] - y[i])^2 > 1e-4 : x[i] != y[i]) exit 1 }'; }
persamples() {
	local k
	for k in 1 2; do
		jq -r ".jobs[$((k - 1))].read | \"\(.bw_min) \(.bw_max) \(.bw_mean) \(.bw_samples) \(.iops_min) \(.iops_max) \(.iops_samples)\"" \
			"$LM_WORK/pio.json"
		awk -F', ' '!n || $2 < mn { mn = $2 } $2 > mx { mx = $2 } { s += $2; n++ }
			END { printf "%d %d %.6f %d 1 1 %d\n", mn, mx, s / n, n, n }' "$LM_WORK/fl/p_bw.$k.log"
	done
}
fio "$LM_WORK/pio.fio" --output-format=json --output="$LM_WORK/pio.json" >/dev/null 2>&1 ||
	fail "fio could not write per-IO logs"
fio_ps=$(persamples)
same "$(sed -n 1p <<<"$fio_ps")" "$(sed -n 2p <<<"$fio_ps")" ||
	fail "fio's per-IO samples against its log: $fio_ps"
rm -rf "$LM_WORK/fl" && mkdir "$LM_WORK/fl"
"$LUNMARK" "$LM_WORK/pio.fio" --no-prefill --output-format=json --output="$LM_WORK/pio.json" >/dev/null ||
	fail "lunmark could not write per-IO logs"
[ "$(logs)" = "$fio_logs" ] || fail "per-IO log files: fio $fio_logs, lunmark $(logs)"
ps=$(persamples)
# shellcheck disable=SC2015 # both must hold, else fail
same "$(sed -n 1p <<<"$ps")" "$(sed -n 2p <<<"$ps")" &&
	same "$(sed -n 3p <<<"$ps")" "$(sed -n 4p <<<"$ps")" ||
	fail "per-IO samples: JSON, then log, of each clone: $ps"
note "per-IO samples (bw min max mean N, iops min max N): fio $(sed -n 1p <<<"$fio_ps"), lunmark $(sed -n 1p <<<"$ps")"
lines=$(for f in bw.1 bw.2 clat.1 iops.2 lat.2; do wc -l <"$LM_WORK/fl/p_$f.log"; done | tr '\n' ' ')
# shellcheck disable=SC2015 # both must hold, else fail
[ "$lines" = "$fio_lines" ] && [ "$lines" = "2048 2048 2048 2048 2048 " ] ||
	fail "per-IO lines: fio $fio_lines, lunmark $lines"
# each line: ms, value, 0 (read), 4096, 0; iops 1; bw = bs / clat
paste -d, "$LM_WORK/fl/p_bw.1.log" "$LM_WORK/fl/p_clat.1.log" "$LM_WORK/fl/p_iops.1.log" | tr -d ' ' |
	awk -F, '$3 != 0 || $4 != 4096 || $5 != 0 || $12 != 1 || $2 != int(4096e6 / $7) || $1 < t { bad++ } { t = $1 }
		END { exit bad > 0 }' || fail "per-IO lines: $(head -3 "$LM_WORK/fl/p_bw.1.log" "$LM_WORK/fl/p_clat.1.log")"
# per_job_logs=0 and a bare write_bw_log in [global] (fio's t0019 kind):
# one NAME_bw.log per job name, after its jobs' names, each clone's lines
# after the other's, after what the file held (fio appends to it); a
# planted link replaced by lunmark's file, never written through
printf '[global]\nioengine=null\nsize=1m\nwrite_bw_log\nper_job_logs=0\nlog_offset=1\n[a]\nnumjobs=2\n[b]\nrw=randread\n' >"$LM_WORK/pj.fio"
for t in fio "$LUNMARK"; do
	d="$LM_WORK/pj-$(basename "$t")"
	rm -rf "$d" && mkdir "$d"
	echo "0, 0, 0, 0, 0, 0" >"$d/a_bw.log"
	(cd "$d" && "$t" ../pj.fio --output-format=terse >/dev/null 2>err) || fail "$t: per_job_logs=0: $(cat "$d/err")"
	rm "$d/err"
done
pj() { (cd "$1" && find . -name '*.log' -printf '%f\n' | sort && head -1 a_bw.log && wc -l a_bw.log b_bw.log |
	head -2 && cut -d, -f5 b_bw.log | sort -n | uniq | wc -l) | tr '\n' ' '; }
[ "$(pj "$LM_WORK/pj-fio")" = "$(pj "$LM_WORK/pj-lunmark")" ] ||
	fail "per_job_logs=0: fio $(pj "$LM_WORK/pj-fio"), lunmark $(pj "$LM_WORK/pj-lunmark")"
note "per_job_logs=0: $(pj "$LM_WORK/pj-lunmark")"
d="$LM_WORK/pj-lunmark"
rm -f "$d"/*.log && echo secret >"$d/target" && ln -s target "$d/b_bw.log"
(cd "$d" && "$LUNMARK" ../pj.fio --output-format=terse >/dev/null) || fail "per_job_logs=0 with a link planted"
# shellcheck disable=SC2015 # all must hold, else fail
[ "$(cat "$d/target")" = secret ] && [ ! -L "$d/b_bw.log" ] && [ "$(wc -l <"$d/b_bw.log")" = 256 ] ||
	fail "per_job_logs=0 wrote through a planted link: $(ls -l "$d")"
# what it held keeps its mode; a file with another link (a hard link
# planted to someone's file) is not copied in: refused, both left as
# they were
chmod 600 "$d/b_bw.log"
(cd "$d" && "$LUNMARK" ../pj.fio --output-format=terse >/dev/null) || fail "per_job_logs=0 over a 0600 log"
[ "$(stat -c %a "$d/b_bw.log").$(wc -l <"$d/b_bw.log")" = 600.512 ] ||
	fail "per_job_logs=0 over a 0600 log: $(stat -c '%a %s' "$d/b_bw.log")"
ln -f "$d/target" "$d/b_bw.log"
expect_exit "$LM_EXIT_USAGE" "$LM_WORK/o" sh -c "cd '$d' && '$LUNMARK' ../pj.fio --output-format=terse"
expect_grep "b_bw.log: it is another user's file, or has other links" "$LM_WORK/o"
[ "$(cat "$d/target")" = secret ] || fail "a hard-linked log's other name changed: $(head -c 100 "$d/target")"
# random_generator=lfsr walks each block once a pass, with norandommap
# too (fio's t0021); norandommap alone draws some twice (256 blocks: the
# chance of none twice is 256!/256^256)
for t in fio "$LUNMARK"; do
	for g in lfsr tausworthe; do
		(cd "$LM_WORK/pj-lunmark" && rm -f ./*.log && "$t" --name=r --ioengine=null --size=1m --rw=randread \
			--norandommap=1 --random_generator=$g --write_bw_log=r --log_offset=1 \
			--output-format=terse >/dev/null) || fail "$t: random_generator=$g"
		u=$(cut -d, -f5 "$LM_WORK/pj-lunmark/r_bw.1.log" | sort -u | wc -l)
		note "$(basename "$t"), norandommap, random_generator=$g: $u of 256 blocks"
		[ "$g" = lfsr ] && [ "$u" != 256 ] && fail "$t: lfsr touched $u of 256 blocks"
		[ "$g" != lfsr ] && [ "$u" = 256 ] && fail "$t: norandommap touched every block once"
	done
done
# log_offset=1: each line "ms, value, ddir, bs, offset, 0", the offsets
# the IOs' own (a sequential pass: the same in both tools); an averaged
# line has offset 0
printf '[o]\nfilename=%s\ndirect=1\nioengine=psync\nrw=read\nbs=4k\nsize=1m\nwrite_lat_log=%s/o\nlog_offset=1\n' \
	"$LM_DEV" "$LM_WORK/fl" >"$LM_WORK/off.fio"
for t in fio "$LUNMARK"; do
	rm -rf "$LM_WORK/fl" && mkdir "$LM_WORK/fl"
	"$t" "$LM_WORK/off.fio" >"$LM_WORK/off.out" 2>&1 || fail "$t: log_offset=1: $(tail -3 "$LM_WORK/off.out")"
	tr -d ' ' <"$LM_WORK/fl/o_clat.1.log" |
		awk -F, 'NF != 6 || $3 != 0 || $4 != 4096 || $6 != 0 { bad++ } { print $5 }
			END { exit bad > 0 }' >"$LM_WORK/offsets.$(basename "$t")" ||
		fail "$t: log_offset lines: $(head -3 "$LM_WORK/fl/o_clat.1.log")"
done
# shellcheck disable=SC2015 # all must hold, else fail
cmp -s "$LM_WORK/offsets.fio" "$LM_WORK/offsets.lunmark" && [ "$(wc -l <"$LM_WORK/offsets.fio")" -eq 256 ] &&
	[ "$(sed -n 256p "$LM_WORK/offsets.fio")" = 1044480 ] ||
	fail "log_offset: fio's offsets $(head -3 "$LM_WORK/offsets.fio" | tr '\n' ' '), lunmark's $(head -3 "$LM_WORK/offsets.lunmark" | tr '\n' ' ')"
sed 's/size=1m/size=16m\nruntime=2\ntime_based\nlog_avg_msec=1000/' "$LM_WORK/off.fio" >"$LM_WORK/offavg.fio"
rm -rf "$LM_WORK/fl" && mkdir "$LM_WORK/fl"
"$LUNMARK" "$LM_WORK/offavg.fio" --no-prefill >/dev/null || fail "lunmark: log_offset, averaged"
[ "$(head -1 "$LM_WORK/fl/o_clat.1.log" | cut -d, -f1,3- | tr -d ' ')" = "1000,0,0,0,0" ] ||
	fail "log_offset, averaged: $(head -2 "$LM_WORK/fl/o_clat.1.log")"

# log_unix_epoch: every line's time in ms since the Unix epoch, within
# the run (per IO, averaged and histogram logs); with clock id 1 since
# CLOCK_MONOTONIC's epoch (the uptime), as fio's
ms() { python3 -c "import time; print(time.clock_gettime_ns($1) // 1000000)"; }
for t in fio "$LUNMARK"; do
	for c in 0 1; do
		rm -rf "$LM_WORK/fl" && mkdir "$LM_WORK/fl"
		b=$(ms "$c")
		"$t" --name=e --ioengine=null --size=1g --time_based --runtime=1 --rate_iops=200 \
			--write_lat_log="$LM_WORK/fl/p" --write_bw_log="$LM_WORK/fl/a" --log_avg_msec=250 \
			--write_hist_log="$LM_WORK/fl/h" --log_hist_msec=500 --log_unix_epoch=1 \
			--log_alternate_epoch_clock_id="$c" --output-format=terse >/dev/null 2>&1 ||
			fail "$t: log_unix_epoch, clock $c"
		e=$(($(ms "$c") + 1)) # a line's ms is rounded down, the clock read after
		for f in p_lat.1.log a_bw.1.log h_clat_hist.1.log; do
			awk -F, -v b="$b" -v e="$e" '$1 < b || $1 > e { bad++ } END { exit !(NR > 0 && !bad) }' \
				"$LM_WORK/fl/$f" ||
				fail "$(basename "$t"): log_unix_epoch, clock $c: $f's times $(cut -d, -f1 "$LM_WORK/fl/$f" | head -3 | tr '\n' ' ')outside $b-$e"
		done
		note "$(basename "$t"), log_unix_epoch, clock $c: the first IO at $(($(head -1 "$LM_WORK/fl/p_lat.1.log" | cut -d, -f1) - b)) ms of $((e - b))"
	done
done
# and a job that waits for another: its lines after the other's, from
# its own start, as fio's
printf '[global]\nioengine=null\nsize=1m\nrate_iops=1000\nlog_unix_epoch=1\n[a]\nwrite_lat_log=%s/a\n[b]\nwait_for=a\nwrite_lat_log=%s/b\n' \
	"$LM_WORK/fl" "$LM_WORK/fl" >"$LM_WORK/wf.fio"
for t in fio "$LUNMARK"; do
	rm -rf "$LM_WORK/fl" && mkdir "$LM_WORK/fl"
	"$t" "$LM_WORK/wf.fio" --output-format=terse >/dev/null 2>&1 || fail "$t: wait_for with log_unix_epoch"
	a=$(tail -1 "$LM_WORK/fl/a_lat.1.log" | cut -d, -f1) b=$(head -1 "$LM_WORK/fl/b_lat.2.log" | cut -d, -f1)
	note "$(basename "$t"), log_unix_epoch: a's last IO at $a, b's (wait_for=a) first at $b"
	[ "$b" -ge "$a" ] || fail "$(basename "$t"): wait_for=a's first IO at $b, before a's last at $a"
done

# disable_lat, disable_clat, disable_slat, disable_bw (and gtod_reduce
# all four): in both tools, the JSON's figures and percentiles of what
# is left, clat's latency buckets, bw and iops samples (of every IO, by
# the logs), and which logs there are and which are empty (fio makes no latency log of what it does not measure, and
# empty bw, iops and histogram logs of every IO)
offs() {
	jq -c '.jobs[0] | [.read.slat_ns.N > 0, .read.clat_ns.N > 0, .read.lat_ns.N > 0,
		.read.clat_ns.percentile != null, .read.lat_ns.percentile != null,
		(.latency_us | add) > 0, .read.bw_samples > 0, .read.iops_samples > 0]' "$1/o.json"
	for f in "$1"/x_*.log; do
		[ -s "$f" ] && echo "${f##*/}: lines" || echo "${f##*/}: empty"
	done
}
for o in --disable_lat=1 --disable_clat=1 --disable_slat=1 --disable_bw=1 --gtod_reduce=1 \
	"--disable_clat=1 --disable_slat=1 --disable_bw=1" "--disable_clat=1 --lat_percentiles=1"; do
	for t in fio "$LUNMARK"; do
		d="$LM_WORK/off-$(basename "$t")"
		rm -rf "$d" && mkdir "$d"
		# shellcheck disable=SC2086 # $o: one or more options
		(cd "$d" && "$t" --name=a --filename="$LM_DEV" --direct=1 --ioengine=libaio --iodepth=2 \
			--rw=randread --size=8m --runtime=500ms --time_based --write_lat_log=x \
			--write_bw_log=x --write_iops_log=x --write_hist_log=x --log_hist_msec=100 $o \
			--output-format=json --output=o.json >err 2>&1) || fail "$t $o: $(head -c 300 "$d/err")"
	done
	[ "$(offs "$LM_WORK/off-fio")" = "$(offs "$LM_WORK/off-lunmark")" ] ||
		fail "$o: fio $(offs "$LM_WORK/off-fio" | tr '\n' ' '), lunmark $(offs "$LM_WORK/off-lunmark" | tr '\n' ' ')"
done
note "disable_lat, _clat, _slat, _bw and gtod_reduce: fio's figures and logs"
expect_exit "$LM_EXIT_USAGE" "$LM_WORK/c" "$LUNMARK" --name=a --ioengine=null --size=1m --latency_target=1ms --disable_lat=1
expect_grep "latency_target with disable_lat" "$LM_WORK/c"

exit "$LM_PASS"
