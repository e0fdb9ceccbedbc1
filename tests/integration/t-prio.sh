#!/usr/bin/env bash
# fio's IO priorities on a real loop device, through io_uring and libaio:
# - fio's cmdprio-percentage.fio (prioclass=3, cmdprio_percentage=20,
#   cmdprio_class=1, log_prio=1): fio's JSON has prios[] with (3, 0) and
#   (1, 0), whose IOs add up to the reads, a fifth of them real-time; the
#   log's last field is each IO's priority (0x6000, 0x2000), and without
#   log_prio 1 for a real-time IO, as fio's.
# - The kernel gets each IO's priority: without CAP_SYS_NICE and
#   CAP_SYS_ADMIN (setpriv), an IO of the real-time class fails with EPERM
#   in both engines, and one of the best-effort class runs. An engine that
#   dropped the priority would pass there.
# - cmdprio_bssplit by block size: every 64k read at (1, 1), every 1M read
#   at the job's own (2, 7), as the log shows them.
# - psync with cmdprio, and cmdprio_percentage with cmdprio_bssplit, are
#   refused naming file:line, as fio refuses them.
# - Debian's fio on the same job: the same prios[] key tree; with
#   lat_percentiles=1 the priorities' latencies are lat's in both tools.
. "$(dirname "$0")/lib.sh"
lm_need_root
command -v jq >/dev/null || skip "jq is not installed (bash scripts/deps.sh)"
command -v setpriv >/dev/null || skip "setpriv is not installed (util-linux)"

lm_loop 64 512
dd if=/dev/urandom of="$LM_DEV" bs=1M count=64 oflag=direct status=none
job() { # ENGINE [OPTION...]: a 2 s randread job of 128k at QD8
	local e=$1
	shift
	printf '[randread]\nfilename=%s\ndirect=1\nrw=randread\nbs=128k\nioengine=%s\niodepth=8\nruntime=2\ntime_based\n' \
		"$LM_DEV" "$e"
	printf '%s\n' "$@"
}
share() { # LOG VALUE: the share of the log's lines whose last field is VALUE, in %
	awk -F', ' -v v="$2" '$NF == v { n++ } END { printf "%.1f", NR ? 100 * n / NR : 0 }' "$1"
}

for e in io_uring libaio; do
	d=$LM_WORK/$e
	mkdir "$d"
	job $e prioclass=3 cmdprio_percentage=20 cmdprio_class=1 log_prio=1 \
		"write_lat_log=$d/p" >"$d/p.fio"
	expect_exit "$LM_EXIT_OK" "$d/o" "$LUNMARK" "$d/p.fio" --no-prefill \
		--output-format=json --output="$d/p.json"
	read -r ios c0 p0 n0 c1 p1 n1 < <(jq -r '.jobs[0].read | "\(.total_ios) " +
		([.prios[] | "\(.prioclass) \(.prio) \(.clat_ns.N)"] | join(" "))' "$d/p.json")
	note "$e: $ios reads; prios ($c0, $p0): $n0, ($c1, $p1): $n1"
	[ "$c0 $p0 $c1 $p1" = "3 0 1 0" ] || fail "$e: prios[] not (3, 0) then (1, 0): $(jq -c '.jobs[0].read.prios' "$d/p.json" | head -c 300)"
	[ "$((n0 + n1))" = "$ios" ] || fail "$e: prios[] hold $((n0 + n1)) IOs of $ios"
	[ "$ios" -ge 200 ] || fail "$e: only $ios reads in 2 s"
	awk -v a="$n1" -v n="$ios" 'BEGIN { exit !(a >= 0.14 * n && a <= 0.26 * n) }' ||
		fail "$e: $n1 of $ios reads real-time, not about 20 %"
	log=$d/p_clat.1.log
	[ -s "$log" ] || fail "$e: no per-IO log: $(ls "$d")"
	rt=$(share "$log" 0x2000)
	idle=$(share "$log" 0x6000)
	note "$e: log: $rt % 0x2000, $idle % 0x6000"
	awk -v r="$rt" -v i="$idle" 'BEGIN { exit !(r >= 14 && r <= 26 && r + i == 100) }' ||
		fail "$e: the log's priorities: $rt % real-time, $idle % idle: $(head -3 "$log")"
	# without log_prio: 1 for a real-time IO, else 0
	sed -i 's/^log_prio=1$/log_prio=0/' "$d/p.fio"
	rm -f "$d"/p_*.log
	expect_exit "$LM_EXIT_OK" "$d/o" "$LUNMARK" "$d/p.fio" --no-prefill
	rt=$(share "$d/p_clat.1.log" 1)
	awk -v r="$rt" 'BEGIN { exit !(r >= 14 && r <= 26) }' ||
		fail "$e: without log_prio, $rt % of the lines end in 1: $(head -3 "$d/p_clat.1.log")"
	# the text report's line per priority, as fio's: the job's own, then
	# cmdprio's; their IOs are the log's, a fifth of them real-time
	read -r t0 t1 < <(awk '/^    prio 3\/0 clat \(us\): min=.*; [0-9]+ IOs$/ { sub(/ IOs$/, ""); a = $NF }
		/^    prio 1\/0 clat \(us\): min=.*; [0-9]+ IOs$/ { sub(/ IOs$/, ""); b = $NF }
		END { print a + 0, b + 0 }' "$d/o")
	n=$(wc -l <"$d/p_clat.1.log")
	note "$e: text report: prio 3/0 $t0 IOs, prio 1/0 $t1 IOs; $n logged"
	{ [ "$((t0 + t1))" = "$n" ] && awk -v a="$t1" -v n="$n" 'BEGIN { exit !(a >= 0.14 * n && a <= 0.26 * n) }'; } ||
		fail "$e: the text report's prio lines: $(grep ' prio ' "$d/o" | head -3)"

	# the kernel checks each IO's priority: real-time needs CAP_SYS_NICE
	job $e cmdprio_percentage=50 cmdprio_class=1 >"$d/rt.fio"
	expect_exit "$LM_EXIT_IO" "$d/o" setpriv --bounding-set=-sys_nice,-sys_admin \
		--inh-caps=-sys_nice,-sys_admin "$LUNMARK" "$d/rt.fio" --no-prefill
	expect_grep "Operation not permitted (an IO of the real-time priority class" "$d/o"
	expect_grep "CAP_SYS_NICE" "$d/o"
	sed -i 's/^cmdprio_class=1$/cmdprio_class=2/' "$d/rt.fio"
	expect_exit "$LM_EXIT_OK" "$d/o" setpriv --bounding-set=-sys_nice,-sys_admin \
		--inh-caps=-sys_nice,-sys_admin "$LUNMARK" "$d/rt.fio" --no-prefill
done

# by block size, fio's cmdprio-bssplit.fio's third job: 64k reads 25 % at
# (1, 1) and 75 % at (3, 2), 1M reads at the job's own (2, 7)
d=$LM_WORK/bs
mkdir "$d"
job io_uring prio=7 prioclass=2 log_prio=1 "write_lat_log=$d/b" \
	bssplit=64k/40:1024k/60 cmdprio_bssplit=64k/25/1/1:64k/75/3/2:1024k/0 |
	sed 's/^bs=128k$//' >"$d/b.fio"
expect_exit "$LM_EXIT_OK" "$d/o" "$LUNMARK" "$d/b.fio" --no-prefill \
	--output-format=json --output="$d/b.json"
[ "$(jq -c '[.jobs[0].read.prios[] | [.prioclass, .prio]]' "$d/b.json")" = '[[2,7],[1,1],[3,2]]' ] ||
	fail "bssplit: prios[] $(jq -c '[.jobs[0].read.prios[] | [.prioclass, .prio]]' "$d/b.json")"
bad=$(awk -F', ' '($4 == 65536 && $NF != "0x2001" && $NF != "0x6002") ||
	($4 == 1048576 && $NF != "0x4007") { n++ } END { print n + 0 }' "$d/b_clat.1.log")
[ "$bad" = 0 ] || fail "bssplit: $bad IOs at a priority not of their size: $(head -3 "$d/b_clat.1.log")"
r=$(awk -F', ' '$4 == 65536 { n++; if ($NF == "0x2001") a++ } END { printf "%.0f", 100 * a / n }' "$d/b_clat.1.log")
note "bssplit: $r % of the 64k reads at (1, 1)"
{ [ "$r" -ge 15 ] && [ "$r" -le 35 ]; } || fail "bssplit: $r % of the 64k reads at (1, 1), not about 25 %"

# refused as fio refuses them, naming file:line
job psync cmdprio_percentage=20 | sed "s/^iodepth=8$/iodepth=1/" >"$LM_WORK/psync.fio"
expect_exit "$LM_EXIT_USAGE" "$LM_WORK/o" "$LUNMARK" "$LM_WORK/psync.fio" --no-prefill
expect_grep "psync.fio:10: cmdprio_percentage= is an option of ioengine=io_uring and libaio, and [randread] runs on psync" "$LM_WORK/o"
# cmdprio_class alone too, and a 0 % share: fio knows no cmdprio option
# on psync ("Bad option"); lunmark once ran both. And one in a [global]
# that names no engine, before a job of io_uring: fio reads it with
# psync's options ("Bad option"); lunmark once ran it
for o in cmdprio_class=2 cmdprio_percentage=0; do
	job psync "$o" | sed "s/^iodepth=8$/iodepth=1/" >"$LM_WORK/psync.fio"
	expect_exit "$LM_EXIT_USAGE" "$LM_WORK/o" "$LUNMARK" "$LM_WORK/psync.fio" --no-prefill
	expect_grep "psync.fio:10: ${o%=*}= is an option of ioengine=io_uring and libaio" "$LM_WORK/o"
done
{ printf '[global]\ncmdprio_percentage=20\n' && job io_uring; } >"$LM_WORK/global.fio"
expect_exit "$LM_EXIT_USAGE" "$LM_WORK/o" "$LUNMARK" "$LM_WORK/global.fio" --no-prefill
expect_grep "global.fio:2: cmdprio_percentage= is an option of ioengine=io_uring and libaio, and [global] runs on psync (fio's default)" "$LM_WORK/o"
job libaio cmdprio_percentage=20 cmdprio_bssplit=128k/10 >"$LM_WORK/both.fio"
expect_exit "$LM_EXIT_USAGE" "$LM_WORK/o" "$LUNMARK" "$LM_WORK/both.fio" --no-prefill
expect_grep "cmdprio_percentage and cmdprio_bssplit exclude each other" "$LM_WORK/o"

# Debian's fio on the first job: the same key tree of prios[]
if command -v fio >/dev/null; then
	d=$LM_WORK/libaio
	sed -i 's/^log_prio=0$/log_prio=1/' "$d/p.fio"
	(cd "$d" && fio p.fio --output-format=json --output=fio.json >/dev/null 2>&1) ||
		fail "fio could not run the job: $(head -3 "$d/fio.json")"
	keys() { jq -r '[.jobs[0].read.prios | paths(scalars) | map(tostring) | join(".")] | .[]' "$1" | sort; }
	diff <(keys "$d/fio.json") <(keys "$d/p.json") >"$d/keydiff" ||
		fail "prios[] key trees differ from fio's: $(head -10 "$d/keydiff")"
	[ "$(jq -c '[.jobs[0].read.prios[] | [.prioclass, .prio]]' "$d/fio.json")" = '[[3,0],[1,0]]' ] ||
		fail "fio's own prios[] are $(jq -c '[.jobs[0].read.prios[] | [.prioclass, .prio]]' "$d/fio.json")"
	note "fio: the same prios[] keys and priorities"
else
	note "fio not installed: its prios[] not compared"
fi
# with lat_percentiles the priorities' latencies are the whole IO's
# (fio's stat.c), as fio's own t/latency_percentiles.py checks them:
# their least is the job's least lat, their IOs its IOs (lunmark's
# once were the completions', under lat_ns: the least was clat's)
tools=("$LUNMARK")
command -v fio >/dev/null && tools=(fio "$LUNMARK")
d=$LM_WORK/libaio
for t in "${tools[@]}"; do
	(cd "$d" && "$t" p.fio --lat_percentiles=1 --output-format=json --output=lat.json >/dev/null 2>&1) ||
		fail "$t --lat_percentiles=1: $(head -3 "$d/lat.json")"
	jq -e '.jobs[0].read | ([.prios[].lat_ns.min] | min) == .lat_ns.min and
		([.prios[].lat_ns.N] | add) == .lat_ns.N and ([.prios[].clat_ns] | all(. == null))' \
		"$d/lat.json" >/dev/null ||
		fail "$t: prios[] with lat_percentiles: $(jq -c '.jobs[0].read | [.lat_ns.min, .lat_ns.N, [.prios[] | [.lat_ns.min, .lat_ns.N]]]' "$d/lat.json")"
done
(cd "$d" && "$LUNMARK" p.fio --lat_percentiles=1 >lat.out 2>&1) || fail "lunmark --lat_percentiles=1: $(head -3 "$d/lat.out")"
expect_grep "    prio 3/0 lat (us): min=" "$d/lat.out"
note "lat_percentiles: the priorities' least lat is the job's, in ${#tools[@]} tool(s)"
exit "$LM_PASS"
