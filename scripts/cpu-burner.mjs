// `npm test -- --stress`: one core kept busy beside the tests, as on a machine that has other work
// running, so that a test depending on the machine's speed fails here rather than on someone else's.
// Bounded: it stops when the test run that started it ends (its parent goes away) and after at most
// `seconds` in any case. Run alone: `node scripts/cpu-burner.mjs 60`.
const seconds = Number(process.argv[2] ?? 3600);
const parent = process.ppid;
const stopAt = Date.now() + seconds * 1000;
let sink = 0;
for (;;) {
  // A slice of busy arithmetic, then a look at the clock and the parent.
  for (let i = 0; i < 5e6; i += 1) sink = (sink * 31 + i) % 1_000_003;
  if (Date.now() > stopAt || process.ppid !== parent) break;
}
process.exit(sink < 0 ? 1 : 0);
