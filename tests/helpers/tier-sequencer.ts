import { statSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order tiers start in: the publishes that make their own builds first (the longest files,
 * the incremental publish test among them with 25 builds; they need not wait for the sample
 * build), then unit files (no build either: they fill the rest of the seconds the sample build
 * takes), then spawned processes, then Chromium, then the app in process. Vitest's own order is
 * by project name (app, browser, process, unit), which left the longest file to start late and
 * finish alone.
 */
const TIERS = ['own-build', 'unit', 'process', 'browser', 'app'];

/** Tiers in TIERS order, larger files first within each; group order (Lighthouse last) kept. */
export class TierSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => [f.project.config.sequence.groupOrder, TIERS.indexOf(f.project.name), -statSync(f.moduleId).size];
    const keys = new Map(sorted.map((f) => [f, rank(f)]));
    return sorted.sort((a, b) => {
      const [x, y] = [keys.get(a)!, keys.get(b)!];
      return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
    });
  }
}
