/**
 * Phase timings of `npm run dev` (DEV_TRACE=1): each process of the dev server stamps its phases
 * with the wall clock (comparable across processes of one machine), and the server prints one
 * line a phase, "dev trace: +N ms phase (+D)", which scripts/bench-dev.ts reads.
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
