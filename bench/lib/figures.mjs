// Collecting and printing figures: one line each (name, value, unit, target), the same in JSON.
import { execFileSync } from 'node:child_process';
import os from 'node:os';

export const percentile = (values, p) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

const round = (value) => (typeof value === 'number' ? Math.round(value * 100) / 100 : value);

/**
 * A figure with its target; `meets` is a predicate on the value (none: informative only).
 * A value of null prints as "not available" with the reason in `note`.
 */
export function createFigures(label) {
  const list = [];
  return {
    list,
    /** The database the figures are of ('pglite', 'postgres'), or another label. */
    database: label,
    add(name, value, unit, target = '-', meets = null, note = undefined) {
      const figure = {
        name,
        value: round(value),
        unit,
        target,
        met: value === null || !meets ? null : Boolean(meets(value)),
        ...(note ? { note } : {}),
      };
      list.push(figure);
      printFigure(label, figure);
      return figure;
    },
  };
}

export function printFigure(label, figure) {
  const value = figure.value === null ? 'not available' : String(figure.value);
  const verdict = figure.met === null ? '' : figure.met ? '  ok' : '  MISS';
  const note = figure.note ? `  (${figure.note})` : '';
  console.log(
    `${`[${label}]`.padEnd(10)} ${figure.name.padEnd(48)} ${value.padStart(13)} ${figure.unit.padEnd(7)} target ${figure.target}${verdict}${note}`,
  );
}

/** What the machine was doing: cores, memory, load (others run tests here too). */
export function machineSnapshot() {
  let uptime = '';
  try {
    uptime = execFileSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    uptime = `load ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')}`;
  }
  return {
    at: new Date().toISOString(),
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryMb: Math.round(os.totalmem() / 1024 / 1024),
    loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
    uptime,
    node: process.version,
  };
}
