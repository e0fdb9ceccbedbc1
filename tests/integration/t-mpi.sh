#!/usr/bin/env bash
# lunmark-mpi under mpirun on this host, 2 and 4 ranks against one tgtd
# LUN: a row per rank and their sum (IOs added, latency histograms merged
# exactly), saved and reported again; %r and %h in targets; the faults: a
# rank that cannot open its target stops all before any IO, the write
# guard refuses on every rank, a rank whose target dies mid-run stops the
# others and rank 0 saves what was measured naming it, mpirun interrupted
# saves as SIGINT does, and a killed rank leaves rank 0 its own figures.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/mpi-lib.sh"
lm_mpi_loopback
lm_tgt -s 64
URL_A=$URL_NULL
URL_A_RDWR=$URL_RDWR
quick=(--size=16m --runs=1 --runtime=1 --interval=0 --no-warmup)

# 2 ranks, one LUN, mark: the rows, the sum, the file
expect_exit 0 "$LM_WORK/o" "${LM_MPIRUN[@]}" -np 2 "$LUNMARK_MPI" mark \
	"$URL_A_RDWR" --read-only "${quick[@]}" --json="$LM_WORK/m2.json"
expect_grep "Hosts: 2 ranks" "$LM_WORK/o"
expect_grep "SEQ1M Q8T1 read: per rank, the median of 1 run" "$LM_WORK/o"
grep -qE '^   sum +[0-9.]+ ' "$LM_WORK/o" || fail "no sum row: $(cat "$LM_WORK/o")"
[ "$(jq '.ranks | length' "$LM_WORK/m2.json")" -eq 2 ] ||
	fail "the file has not 2 ranks: $(jq -c .ranks "$LM_WORK/m2.json")"
read -r rows sum < <(lm_json_sums "$LM_WORK/m2.json" '.read.ios')
[ "$rows" -gt 0 ] || fail "no IOs in the ranks' rows"
[ "$rows" -eq "$sum" ] || fail "the sum's IOs ($sum) are not the ranks' ($rows)"
read -r rows sum < <(lm_json_sums "$LM_WORK/m2.json" '.read.bytes')
[ "$rows" -eq "$sum" ] || fail "the sum's bytes ($sum) are not the ranks' ($rows)"
# the merged histogram: its extremes are the ranks' extremes
lo=$(jq '[.tests[0].cells.read.runs[0].ranks[].read.lat_us.min] | min' "$LM_WORK/m2.json")
got=$(jq '.tests[0].cells.read.runs[0].read.lat_us.min' "$LM_WORK/m2.json")
[ "$lo" = "$got" ] || fail "the sum's least latency $got is not the ranks' $lo"
hi=$(jq '[.tests[0].cells.read.runs[0].ranks[].read.lat_us.max] | max' "$LM_WORK/m2.json")
got=$(jq '.tests[0].cells.read.runs[0].read.lat_us.max' "$LM_WORK/m2.json")
[ "$hi" = "$got" ] || fail "the sum's largest latency $got is not the ranks' $hi"
# the per-second sums carry every rank's bytes
ps=$(jq '[.tests[0].cells.read.runs[0].per_second[][3]] | add' "$LM_WORK/m2.json")
[ "$ps" -eq "$sum" ] || fail "the per-second sums ($ps) are not the sum's bytes ($sum)"
"$LUNMARK" report "$LM_WORK/m2.json" >"$LM_WORK/r" 2>&1 || fail "report: $(cat "$LM_WORK/r")"
expect_grep "Hosts: 2 ranks" "$LM_WORK/r"
expect_grep "windows: started within" "$LM_WORK/r"
# every rank's row and the sum in Markdown and JSON too
"$LUNMARK" report "$LM_WORK/m2.json" --format=md >"$LM_WORK/r.md" || fail "report --format=md"
expect_grep "### Per host" "$LM_WORK/r.md"
[ "$(grep -cE '^\| [^|]+ \| read \| (0|1|sum) \|' "$LM_WORK/r.md")" -ge 3 ] ||
	fail "md: not a row per rank and the sum: $(cat "$LM_WORK/r.md")"
"$LUNMARK" report "$LM_WORK/m2.json" --format=json |
	jq -e '[.configurations[0].method[] | select(.title == "Per host") | .rows[][2]] | index("sum") and index(0) != null' >/dev/null ||
	fail "json: no per-host rows"
note "2 ranks: $(grep -m1 -E '^   sum' "$LM_WORK/o")"

# compare: a one-host run against the two-host one, the hosts named
expect_exit 0 "$LM_WORK/o1" "$LUNMARK" mark "$URL_A_RDWR" --read-only "${quick[@]}" \
	--json="$LM_WORK/m1.json"
"$LUNMARK" compare "$LM_WORK/m1.json" "$LM_WORK/m2.json" >"$LM_WORK/c" 2>&1 || fail "compare: $(cat "$LM_WORK/c")"
awk '$1 == "Configuration" { h = NF } $1 == "m1" { one = $NF } $1 == "m2" { two = $NF }
	END { exit !(h && one == 1 && two == 2) }' "$LM_WORK/c" ||
	fail "compare: no Hosts column of 1 and 2: $(head -6 "$LM_WORK/c")"
expect_grep "Per host: m2 (m2.json)" "$LM_WORK/c"
grep -qE '^SEQ1M Q8T1 +read +sum ' "$LM_WORK/c" || fail "compare: no per-host sum row: $(cat "$LM_WORK/c")"

# 4 ranks, run: a row each and the sum
expect_exit 0 "$LM_WORK/o" "${LM_MPIRUN[@]}" -np 4 "$LUNMARK_MPI" run "$URL_A" \
	--rw=randread --iodepth=4 --runtime=2 --time_based --no-prefill
[ "$(grep -cE '^ +[0-3]  ' "$LM_WORK/o")" -ge 8 ] ||
	fail "not 4 rows in the hosts' and the run's tables: $(cat "$LM_WORK/o")"
expect_grep "Per rank, reads and writes together" "$LM_WORK/o"
note "4 ranks: $(grep -E '^   sum' "$LM_WORK/o")"

# %r and %h: a directory per rank and host; a rank without one stops all
# before any IO
host=$(hostname)
mkdir "$LM_WORK/d0-$host" "$LM_WORK/d1-$host" "$LM_WORK/e0"
expect_exit 0 "$LM_WORK/o" "${LM_MPIRUN[@]}" -np 2 "$LUNMARK_MPI" run \
	"$LM_WORK/d%r-%h" --rw=randread --size=4m --runtime=1 --time_based
expect_exit "$LM_EXIT_TARGET" "$LM_WORK/o" "${LM_MPIRUN[@]}" -np 2 "$LUNMARK_MPI" \
	run "$LM_WORK/e%r" --rw=randread --size=4m --runtime=1 --time_based
expect_grep "$LM_WORK/e1: no such file or directory" "$LM_WORK/o"
expect_grep "rank 1 (host $host) failed before any IO" "$LM_WORK/o"
grep -q "prefilling" "$LM_WORK/o" && fail "IO before every rank was set up: $(cat "$LM_WORK/o")"
expect_exit "$LM_EXIT_USAGE" "$LM_WORK/o" "${LM_MPIRUN[@]}" -np 2 "$LUNMARK_MPI" \
	run "$LM_WORK/e%q" --runtime=1
expect_grep "an unknown %-name" "$LM_WORK/o"
# the copy profile on 2 ranks, a directory each: the same sets at once,
# the sum's files the rows', nothing left behind
expect_exit 0 "$LM_WORK/o" "${LM_MPIRUN[@]}" -np 2 "$LUNMARK_MPI" mark "$LM_WORK/d%r-%h" \
	--profile=copy --size=4m --runs=1 --no-warmup --interval=0 --json="$LM_WORK/cp.json"
read -r rows sum < <(lm_json_sums "$LM_WORK/cp.json" '.read.ios')
[ "$rows" -gt 0 ] || fail "copy: no files in the ranks' rows"
[ "$rows" -eq "$sum" ] || fail "copy: the sum's files ($sum) are not the ranks' ($rows)"
grep -qE '^  rank +host +MB/s +files/s +mean us$' "$LM_WORK/o" || fail "copy: the ranks' table does not say files/s: $(cat "$LM_WORK/o")"
[ -z "$(find "$LM_WORK/d0-$host" "$LM_WORK/d1-$host" -mindepth 1)" ] ||
	fail "copy: files left behind: $(find "$LM_WORK/d0-$host" "$LM_WORK/d1-$host" -mindepth 1)"

# a fio job file on 2 ranks: each its own file (${OMPI_COMM_WORLD_RANK},
# fio's environment expansion), a phase each side of a stonewall, rank 0
# the sum with each rank's part in fio's JSON
truncate -s 4m "$LM_WORK/j0" "$LM_WORK/j1"
cat >"$LM_WORK/two.fio" <<EOF
[global]
ioengine=psync
bs=64k
size=4m
filename=$LM_WORK/j\${OMPI_COMM_WORLD_RANK}
[w]
rw=write
fsync=16
[r]
stonewall
rw=randread
runtime=2
time_based
EOF
expect_exit 0 "$LM_WORK/o" "${LM_MPIRUN[@]}" -np 2 "$LUNMARK_MPI" --allow-write \
	--output-format=json --output="$LM_WORK/two.json" "$LM_WORK/two.fio"
for r in 0 1; do
	[ "$(stat -c %b "$LM_WORK/j$r")" -gt 0 ] || fail "rank $r did not write its own file j$r"
done
jq -e '.jobs | length == 2 and all(.[]; (."lunmark ranks" | length) == 2)' "$LM_WORK/two.json" >/dev/null ||
	fail "fio JSON: not 2 jobs with 2 ranks each: $(jq -c '[.jobs[] | ."lunmark ranks"]' "$LM_WORK/two.json")"
jq -e 'all(.jobs[]; (.read.total_ios + .write.total_ios) > 0 and
	(.read.total_ios + .write.total_ios) == ([."lunmark ranks"[] | .read.total_ios + .write.total_ios] | add))' \
	"$LM_WORK/two.json" >/dev/null || fail "fio JSON: a job's IOs are not its ranks' sum"
# fio's bw samples, 3 a rank in 2 s (one late wake-up may cost one),
# summed over the ranks as group_reporting sums threads
jq -e '.jobs[1].read | .bw_samples >= 5 and .bw_samples <= 6 and .iops_samples == .bw_samples' \
	"$LM_WORK/two.json" >/dev/null ||
	fail "fio JSON: the ranks' bw samples not summed: $(jq -c '.jobs[1].read | [.bw_samples, .iops_samples]' "$LM_WORK/two.json")"
jq -e '.jobs[0].write.io_bytes == 2 * 4194304' "$LM_WORK/two.json" >/dev/null ||
	fail "fio JSON: the write phase did not write 4 MiB on each rank: $(jq .jobs[0].write.io_bytes "$LM_WORK/two.json")"
# fsync=16 over each rank's 64 writes: 3 syncs a rank, summed
jq -e '.jobs[0].sync | .total_ios == 6 and .lat_ns.N == 6' "$LM_WORK/two.json" >/dev/null ||
	fail "fio JSON: the ranks' syncs not summed (3 each): $(jq -c '.jobs[0].sync | [.total_ios, .lat_ns.N]' "$LM_WORK/two.json")"
expect_exit 0 "$LM_WORK/o" "${LM_MPIRUN[@]}" -np 2 "$LUNMARK_MPI" --readonly --section=r "$LM_WORK/two.fio"
expect_grep "Per rank, reads and writes together" "$LM_WORK/o"
# fio's IO depth counts summed over ranks of different depths (MPMD: an
# iodepth each): half the IOs at 1, from rank 0, and about half at 8,
# from rank 1 after its queue filled. Rank 0's alone would say 100 at 1
# shellcheck disable=SC2016 # fio's expansion, in each rank
sed -e 's/^bs=64k$/bs=4k/' -e 's/^ioengine=psync$/ioengine=io_uring\niodepth=${LM_D}/' \
	-e '/^\[w\]$/,$d' "$LM_WORK/two.fio" >"$LM_WORK/d.fio"
printf '[d]\nrw=randread\n' >>"$LM_WORK/d.fio"
expect_exit 0 "$LM_WORK/o" "${LM_MPIRUN[@]}" -np 1 env LM_D=1 "$LUNMARK_MPI" --output-format=json \
	--output="$LM_WORK/d.json" "$LM_WORK/d.fio" : -np 1 env LM_D=8 "$LUNMARK_MPI" \
	--output-format=json --output="$LM_WORK/d.json" "$LM_WORK/d.fio"
jq -e '.jobs[0] | .read.total_ios == 2048 and .iodepth_level["1"] >= 49 and .iodepth_level["1"] <= 51
	and .iodepth_level["8"] >= 45' "$LM_WORK/d.json" >/dev/null ||
	fail "fio JSON: the IO depths of ranks at 1 and 8 are not summed: $(jq -c '.jobs[0] | [.read.total_ios, .iodepth_level]' "$LM_WORK/d.json")"
# two jobs at once would need a sum each: refused, said once
sed '/^stonewall$/d' "$LM_WORK/two.fio" >"$LM_WORK/one.fio"
expect_exit "$LM_EXIT_USAGE" "$LM_WORK/o" "${LM_MPIRUN[@]}" -np 2 "$LUNMARK_MPI" --allow-write "$LM_WORK/one.fio"
[ "$(grep -c "under lunmark-mpi a job file runs one job at a time" "$LM_WORK/o")" -eq 1 ] ||
	fail "the refusal is not said once: $(cat "$LM_WORK/o")"

# the write guard, on every rank
expect_exit "$LM_EXIT_GUARD" "$LM_WORK/o" "${LM_MPIRUN[@]}" -np 2 "$LUNMARK_MPI" \
	run "$URL_A_RDWR" --rw=write --runtime=1 --time_based
[ "$(grep -o "pass --allow-write" "$LM_WORK/o" | wc -l)" -ge 2 ] ||
	fail "not every rank refused the write: $(cat "$LM_WORK/o")"

# rank 1's target dies mid-run: all stop, rank 0 prints and saves what
# was measured, naming rank 1 (MPMD: one target per rank)
tgt_a=$LM_TGT
lm_tgt -s 16
( sleep 4; "$LM_ROOT/scripts/tgt-target.sh" kill -d "$LM_TGT" ) &
expect_exit "$LM_EXIT_IO" "$LM_WORK/o" "${LM_MPIRUN[@]}" \
	-np 1 "$LUNMARK_MPI" mark "$URL_A" --read-only --runs=3 --runtime=2 \
	--interval=0 --no-warmup --size=16m --json="$LM_WORK/f.json" : \
	-np 1 "$LUNMARK_MPI" mark "$URL_NULL" --read-only --runs=3 --runtime=2 \
	--interval=0 --no-warmup --size=16m
wait
expect_grep "on rank 1 (host $host)" "$LM_WORK/o"
[ "$(jq '.outcome.io_errno' "$LM_WORK/f.json")" -ne 0 ] ||
	fail "the saved file does not say how it ended: $(jq -c .outcome "$LM_WORK/f.json")"
jq -e '.tests[0].cells.read.runs[0].ranks | length == 2' "$LM_WORK/f.json" >/dev/null ||
	fail "what was measured before the fault is not saved with its rows"
LM_TGT=$tgt_a

# mpirun interrupted: SIGTERM to every rank, which print and save (with
# the grace the README asks for: mpirun's 1 s default can SIGKILL rank 0
# mid-save on a loaded machine, as once here)
"${LM_MPIRUN[@]}" --mca odls_base_sigkill_timeout 10 -np 2 "$LUNMARK_MPI" mark "$URL_A" --read-only --runs=3 \
	--runtime=3 --interval=0 --no-warmup --size=16m \
	--json="$LM_WORK/i.json" >"$LM_WORK/o" 2>&1 &
pid=$!
sleep 6
kill -INT "$pid"
wait "$pid" && fail "mpirun exited 0 after SIGINT"
expect_grep "Interrupted: the results above are partial." "$LM_WORK/o"
[ "$(jq '.outcome.interrupted' "$LM_WORK/i.json")" = true ] ||
	fail "the interrupted mark was not saved as such"

# a rank killed: rank 0 keeps and saves its own figures (mpirun's grace
# after its SIGTERM raised from 1 s: rank 0 gives the others 1.5 s)
# shellcheck disable=SC2016 # the rank's shell expands it
"${LM_MPIRUN[@]}" --mca odls_base_sigkill_timeout 10 -np 2 sh -c \
	'echo $$ >"$0.$OMPI_COMM_WORLD_RANK"; exec "$@"' "$LM_WORK/pid" \
	"$LUNMARK_MPI" mark "$URL_A" --read-only --runs=3 --runtime=3 \
	--interval=0 --no-warmup --size=16m --json="$LM_WORK/k.json" \
	>"$LM_WORK/o" 2>&1 &
pid=$!
sleep 6
[ -s "$LM_WORK/pid.1" ] || fail "rank 1 did not start: $(cat "$LM_WORK/o")"
kill -KILL "$(cat "$LM_WORK/pid.1")"
wait "$pid" && fail "mpirun exited 0 after a rank was killed"
expect_grep "the other ranks no longer answer" "$LM_WORK/o"
[ "$(jq '.outcome.interrupted' "$LM_WORK/k.json")" = true ] ||
	fail "rank 0 did not save its figures: $(cat "$LM_WORK/o")"
exit "$LM_PASS"
