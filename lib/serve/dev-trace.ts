/**
 * Phase timings of `npm run dev` (DEV_TRACE=1, the configuration's `devTrace`): where the time between a save and the open tab
 * showing it goes. Every process of the dev server (the server, its build process) stamps its
 * phases with the wall clock in ms (performance.timeOrigin + performance.now(), comparable across
 * processes of one machine to about a millisecond); the server prints one line per phase,
 * "dev trace: +N ms phase (+D)", N counted from the save's write (the file's modification time)
 * and D from the phase before. scripts/bench-dev.ts reads these lines for its breakdown.
 */
/** One phase: its name and when it ended, wall-clock ms. */
export type TraceMark = [phase: string, at: number];

/** The wall clock in ms with sub-millisecond precision. */
export const traceNow = (): number => performance.timeOrigin + performance.now();

/**
 * The lines of one save's phases, in time order.
 * @param start when the save was written (the file's mtime, ms)
 */
export function traceLines(start: number, marks: TraceMark[]): string[] {
  let before = start;
  return [...marks].sort((a, b) => a[1] - b[1]).map(([phase, at]) => {
    const line = `dev trace: +${Math.round(at - start)} ms ${phase} (+${Math.round(at - before)})`;
    before = at;
    return line;
  });
}
