import { describe, expect, it } from 'vitest';
import { labelRows } from './programme-gauge';

describe('threshold labels of the monitoring gauge', () => {
  it('puts a label too close to the previous one on the next line, so none overlap', () => {
    // ECP: 1.00%, 1.50%, 3.00% on a 6.00% scale.
    expect(labelRows([16.7, 25, 50], 280)).toEqual([0, 1, 0]);
    // Three thresholds all close together take three lines.
    expect(labelRows([10, 14, 18], 280)).toEqual([0, 1, 2]);
    // Far apart: one line.
    expect(labelRows([20, 50, 80], 280)).toEqual([0, 0, 0]);
  });
});
