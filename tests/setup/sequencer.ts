import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, whichever layer runs them (from `.ci/run` on the two-core
 * machine). Vitest starts the files of a group in order, one project after the other, larger
 * files first; the API layers' process tests (two minutes, much of it waiting on processes they
 * start and kill) came last and ran nearly alone. Started first, they run beside the others.
 */
const LONGEST_FIRST = [
  'tests/e2e/accessibility.test.ts',
  'tests/e2e/rolling-enrollment.test.ts',
  'tests/e2e/consent.test.ts',
  'tests/e2e/deliveries.test.ts',
  'tests/api/dispatcher-processes.test.ts',
  'tests/api/backup.test.ts',
  'tests/api/webhook-processes.test.ts',
  'tests/api/bad-input.test.ts',
  'tests/api/crash.test.ts',
  'tests/api/contact-import-restart.test.ts',
  'tests/api/landed-upgrades.test.ts',
  'tests/api/bootstrap-announce.test.ts',
];

const rank = (file: TestSpecification) => {
  const index = LONGEST_FIRST.findIndex((path) => file.moduleId.endsWith(path));
  return index === -1 ? LONGEST_FIRST.length : index;
};

/** Vitest's order, with the longest files of each group first. */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const position = new Map(sorted.map((file, index) => [file, index]));
    return sorted.sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        rank(a) - rank(b) ||
        position.get(a)! - position.get(b)!,
    );
  }
}
