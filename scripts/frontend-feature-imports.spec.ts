/**
 * Issue 24: a frontend feature reaches another feature only through its public index.ts
 * (`@/features/<name>`), never into its api/, components/ or hooks/. Lints sample sources with the
 * repository's own ESLint config, as if they sat in the profile feature.
 */
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';

const root = join(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root, overrideConfigFile: join(root, 'eslint.config.js') });
const RULE = 'frontend-features/import-through-index';

/** The messages of the feature-import rule for `code` placed at `file` (relative to the root). */
async function featureImportErrors(
  code: string,
  file = 'frontend/src/features/profile/components/sample.tsx',
) {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result.messages.filter((message) => message.ruleId === RULE).map((message) => message.message);
}

describe('frontend features import each other only through their index', () => {
  it.each([
    ["import { useCurrentUser } from '@/features/auth/api/get-current-user';", 'auth'],
    ["import { FollowButton } from '../../social/components/follow-button';", 'social'],
    ["export { Stars } from '@/features/reviews/components/star-rating';", 'reviews'],
    ["export const load = () => import('../../settings/components/settings-screen');", 'settings'],
  ])('fails on a deep import: %s', async (code, feature) => {
    const errors = await featureImportErrors(code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`'@/features/${feature}'`);
  });

  it.each([
    "import { useCurrentUser } from '@/features/auth';",
    "import { FollowButton } from '../../social';",
    "import { useFollowCounts } from '@/features/social/index';",
  ])('passes on an index import: %s', async (code) => {
    expect(await featureImportErrors(code)).toEqual([]);
  });

  it('lets a feature reach its own files, and lib, components and hooks', async () => {
    const code = [
      "import { useUserByUsername } from '../api/get-user-by-username';",
      "import { ProfileStats } from '@/features/profile/components/profile-stats';",
      "import { Button } from '@/components/ui/button';",
      "import { api } from '@/lib/api';",
      "import { useDocumentTitle } from '@/hooks/use-document-title';",
    ].join('\n');
    expect(await featureImportErrors(code)).toEqual([]);
  });

  it('leaves the app layer free to load a screen or a route loader from a feature', async () => {
    const code = "import { getCurrentUserQueryOptions } from '@/features/auth/api/get-current-user';";
    expect(await featureImportErrors(code, 'frontend/src/app/routes/sample.ts')).toEqual([]);
  });

  it('finds no deep import between the features as they are', async () => {
    const results = await eslint.lintFiles(['frontend/src/features/**/*.{ts,tsx}']);
    const deep = results.flatMap((result) =>
      result.messages
        .filter((message) => message.ruleId === RULE)
        .map((m) => `${result.filePath}: ${m.message}`),
    );
    expect(deep).toEqual([]);
    expect(results.length).toBeGreaterThan(50);
    // Linting every feature file with the project's config: over a minute on a busy 2-core runner.
  }, 240_000);
});
