import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { rateVital, roundVital, VITAL_THRESHOLDS, type VitalName } from '../../islands/common/vitals-rating.ts';

const thresholds = suite('VITAL_THRESHOLDS');
thresholds('should hold the FCP, CLS, FID, LCP and TTFB thresholds, and INP 200/500 ms', () => {
  assert.equal(VITAL_THRESHOLDS, {
    CLS: [0.1, 0.25],
    FCP: [1800, 3000],
    FID: [100, 300],
    INP: [200, 500],
    LCP: [2500, 4000],
    TTFB: [800, 1800],
  });
});
thresholds.run();

const rate = suite('rateVital');
// [metric, just at good, just above good, at poor, just above poor]; "just above" = smallest step
// of the metric's unit that the browser reports (0.001 for the CLS score, 0.1 ms for timings).
const EDGES: [VitalName, number, number, number, number][] = [
  ['FCP', 1800, 1800.1, 3000, 3000.1],
  ['CLS', 0.1, 0.101, 0.25, 0.251],
  ['FID', 100, 100.1, 300, 300.1],
  ['LCP', 2500, 2500.1, 4000, 4000.1],
  ['TTFB', 800, 800.1, 1800, 1800.1],
  ['INP', 200, 200.1, 500, 500.1],
];
for (const [name, good, aboveGood, poor, abovePoor] of EDGES) {
  rate(`should rate ${name} ${good} (the good threshold) "good" and 0 "good"`, () => {
    assert.is(rateVital(name, good), 'good');
    assert.is(rateVital(name, 0), 'good');
  });
  rate(`should rate ${name} ${aboveGood} "needs-improvement" and ${poor} (the poor threshold) still "needs-improvement"`, () => {
    assert.is(rateVital(name, aboveGood), 'needs-improvement');
    assert.is(rateVital(name, poor), 'needs-improvement');
  });
  rate(`should rate ${name} ${abovePoor} "poor"`, () => {
    assert.is(rateVital(name, abovePoor), 'poor');
    assert.is(rateVital(name, poor * 10), 'poor');
  });
}
rate.run();

const round = suite('roundVital');
round('should round timings to whole ms', () => {
  assert.is(roundVital('LCP', 1234.5), 1235);
  assert.is(roundVital('TTFB', 12.4), 12);
  assert.is(roundVital('FID', 0.3), 0);
});
round('should round the CLS score to 3 decimals', () => {
  assert.is(roundVital('CLS', 0.04567), 0.046);
  assert.is(roundVital('CLS', 0), 0);
});
round.run();
