// Every guide in docs/ is reachable from the README, through a link that works on GitHub and on npm alike.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { linksOf } from '../../scripts/docs/doc-links';

const BLOB = 'https://github.com/personal-ledger/personal-ledger-sdk/blob/main/';
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const guides = readdirSync(new URL('../../docs/', import.meta.url))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/${name}`);

describe('README links every guide', () => {
  it.each(guides)('%s', (guide) => {
    const targets = linksOf(readme).map((link) => link.target.split('#')[0]);
    expect(targets.includes(`${BLOB}${guide}`) || targets.includes(guide), `README has no link to ${guide}`).toBe(true);
  });

  it('finds the guides', () => {
    expect(guides).toEqual(
      expect.arrayContaining([
        'docs/testing.md',
        'docs/ledger-mock.md',
        'docs/browser.md',
        'docs/retries-and-timeouts.md',
        'docs/state-file.md',
      ]),
    );
  });
});
