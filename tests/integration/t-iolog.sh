#!/usr/bin/env bash
# Every IO is timed on its own: a per-IO latency log of real io_uring at
# QD32 on a loop device, where a batch of completions is reaped at once,
# has few consecutive lines alike. With one clock read per reaped batch,
# the IOs of one submitted and reaped batch shared their time and their
# latency: 83.5% of consecutive lines were identical. And fio's JSON has
# slat, clat and lat apart where the engine tells them apart, and the
# per-IO slat, clat and lat logs with the JSON's means; the averaged logs
# too, window by window.
. "$(dirname "$0")/lib.sh"
lm_need_root

lm_loop 256 512
"$LUNMARK" run "$LM_DEV" --rw=write --bs=1m --iodepth=8 --allow-write >/dev/null ||
	fail "prefill write failed"
mkdir "$LM_WORK/log"
printf '[q]\nfilename=%s\ndirect=1\nioengine=io_uring\nrw=randread\nbs=4k\niodepth=32\nruntime=2\ntime_based\nwrite_lat_log=%s/q\n' \
	"$LM_DEV" "$LM_WORK/log" >"$LM_WORK/q.fio"
expect_exit "$LM_EXIT_OK" "$LM_WORK/o" "$LUNMARK" "$LM_WORK/q.fio" --no-prefill
log=$LM_WORK/log/q_clat.1.log
[ -s "$log" ] || fail "no per-IO log $log: $(ls "$LM_WORK/log")"
# lines, and consecutive lines alike (time, latency, direction, size)
read -r n same < <(awk '$0 == prev { s++ } { prev = $0 } END { print NR, s + 0 }' "$log")
note "io_uring QD32: $same of $n consecutive per-IO lines alike"
[ "$n" -ge 1000 ] || fail "only $n IOs logged in 2 s: $(head -3 "$log")"
awk -v s="$same" -v n="$n" 'BEGIN { exit !(s <= 0.05 * n) }' ||
	fail "$same of $n consecutive per-IO log lines alike: IOs share a clock read"
# and the log's times go forward
awk -F, '$1 < t { bad++ } { t = $1 } END { exit bad > 0 }' "$log" ||
	fail "per-IO log times go backwards: $(head -3 "$log")"

# slat, clat and lat apart where the engine tells them apart: libaio's
# io_submit() returns before the IO completes, so fio's JSON has a slat
# of every IO and clat + slat = lat; io_uring submits and waits in one
# io_uring_enter, so its slat is empty and its clat is its lat
for e in libaio io_uring; do
	sed "s/ioengine=io_uring/ioengine=$e/; /write_lat_log/d" "$LM_WORK/q.fio" >"$LM_WORK/$e.fio"
	expect_exit "$LM_EXIT_OK" "$LM_WORK/o" "$LUNMARK" "$LM_WORK/$e.fio" --no-prefill \
		--output-format=json --output="$LM_WORK/$e.json"
	jq -r '.jobs[0].read | "\(.total_ios) \(.slat_ns.N) \(.slat_ns.mean) \(.clat_ns.N) \(.clat_ns.mean) \(.lat_ns.N) \(.lat_ns.mean)"' \
		"$LM_WORK/$e.json" >"$LM_WORK/$e.lat"
	read -r ios sn sm cn cm ln lm <"$LM_WORK/$e.lat"
	note "$e: $ios IOs; slat N=$sn mean=$sm; clat N=$cn mean=$cm; lat N=$ln mean=$lm ns"
	[ "$cn" = "$ln" ] || fail "$e: clat N $cn, lat N $ln"
	[ "$ln" -gt 1000 ] || fail "$e: only $ln IOs in 2 s"
	if [ $e = libaio ]; then
		[ "$sn" = "$ln" ] || fail "libaio: slat of $sn IOs, lat of $ln"
		# the means add up, within the histogram's rounding
		awk -v s="$sm" -v c="$cm" -v l="$lm" 'BEGIN { d = s + c - l; if (d < 0) d = -d; exit !(s > 0 && c > 0 && d <= 0.02 * l) }' ||
			fail "libaio: slat $sm + clat $cm is not lat $lm"
	else
		[ "$sn" = 0 ] || fail "io_uring: a slat of $sn IOs, where one call submits and waits"
		[ "$cm" = "$lm" ] || fail "io_uring: clat mean $cm is not lat mean $lm"
	fi
done

# the per-IO logs carry the same latencies: with libaio each log's mean
# is the JSON's slat, clat and lat mean; with io_uring the slat log is
# empty and its clat log is its lat log
for e in libaio io_uring; do
	mkdir "$LM_WORK/$e.log"
	sed "s|write_lat_log=.*|write_lat_log=$LM_WORK/$e.log/q|; s/ioengine=io_uring/ioengine=$e/" \
		"$LM_WORK/q.fio" >"$LM_WORK/$e.log.fio"
	expect_exit "$LM_EXIT_OK" "$LM_WORK/o" "$LUNMARK" "$LM_WORK/$e.log.fio" --no-prefill \
		--output-format=json --output="$LM_WORK/$e.log.json"
	for k in slat clat lat; do
		f=$LM_WORK/$e.log/q_$k.1.log
		m=$(awk -F', ' '{ s += $2 } END { if (NR) printf "%.1f", s / NR; else print "none" }' "$f")
		j=$(jq ".jobs[0].read.${k}_ns | if .N > 0 then .mean else \"none\" end" "$LM_WORK/$e.log.json")
		note "$e: $k log mean $m, JSON ${k}_ns mean $j"
		if [ "$j" = '"none"' ]; then
			[ "$m" = none ] || fail "$e: a $k log of $(wc -l <"$f") lines where the JSON has no $k"
		else
			awk -v m="$m" -v j="$j" 'BEGIN { d = m - j; exit !(d < 1 && d > -1) }' ||
				fail "$e: the $k log's mean $m is not the JSON's $j"
		fi
	done
done
# averaged logs (log_avg_msec) keep them apart too: each window's slat
# and clat add up to its lat (within the rounding of three integer
# means) with libaio; with io_uring its slat log is empty and its clat
# log is its lat log; in whole seconds (the per-second samples) and in
# 500 ms windows (the record of every IO)
for e in libaio io_uring; do
	for ms in 1000 500; do
		d=$LM_WORK/$e.avg$ms
		mkdir "$d"
		sed "s|write_lat_log=.*|write_lat_log=$d/q\nlog_avg_msec=$ms|; s/ioengine=io_uring/ioengine=$e/; s/runtime=2/runtime=3/" \
			"$LM_WORK/q.fio" >"$d.fio"
		expect_exit "$LM_EXIT_OK" "$LM_WORK/o" "$LUNMARK" "$d.fio" --no-prefill
		paste -d, "$d/q_lat.1.log" "$d/q_clat.1.log" | tr -d ' ' >"$d.lc"
		[ "$(wc -l <"$d.lc")" -ge 2 ] || fail "$e, log_avg_msec=$ms: $(wc -l <"$d.lc") windows in 3 s"
		if [ $e = libaio ]; then
			paste -d, "$d.lc" "$d/q_slat.1.log" | tr -d ' ' |
				awk -F, '{ d = $12 + $7 - $2; print $1, $2, $7, $12, (d <= 2 && d >= -2 && $12 > 0 && $1 == $11) ? "ok" : "BAD" }' >"$d.sum"
		else
			[ ! -s "$d/q_slat.1.log" ] || fail "io_uring, log_avg_msec=$ms: a slat log"
			awk -F, '{ print $1, $2, $7, 0, $2 == $7 && $1 == $6 ? "ok" : "BAD" }' "$d.lc" >"$d.sum"
		fi
		note "$e, log_avg_msec=$ms: window lat clat slat: $(head -3 "$d.sum" | tr '\n' ';')"
		! grep -q BAD "$d.sum" || fail "$e, log_avg_msec=$ms: slat + clat is not lat: $(grep BAD "$d.sum" | head -3)"
	done
done
exit "$LM_PASS"
