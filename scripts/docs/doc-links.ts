// Links between the docs: every relative link (and every absolute link into this repository on GitHub) must name a
// file that exists and, for a markdown file, an anchor that its headings give (GitHub's slugs).
import { readFileSync } from 'node:fs';
import { dirname, join, normalize, posix } from 'node:path';
import GithubSlugger from 'github-slugger';
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';

const markdown = new MarkdownIt({ html: true });

/** The docs whose links are checked: README.md, CONTRIBUTING.md, docs/**.md and examples/**.md. */
export function isDoc(path: string): boolean {
  return path === 'README.md' || path === 'CONTRIBUTING.md' || /^(docs|examples)\/.+\.md$/.test(path);
}

/** A link in a doc: its target as written and the 1-based line it is on. */
export interface DocLink {
  target: string;
  line: number;
}

/** Every link and image of a markdown text (code blocks and code spans hold none). */
export function linksOf(text: string): DocLink[] {
  const links: DocLink[] = [];
  let blockLine = 1; // a table cell's inline token has no map of its own: its row's is the last seen
  for (const block of markdown.parse(text, {})) {
    if (block.map) blockLine = block.map[0] + 1;
    if (block.type !== 'inline') continue;
    let line = blockLine;
    for (const child of block.children ?? []) {
      if (child.type === 'softbreak' || child.type === 'hardbreak') line++;
      const target =
        child.type === 'link_open' ? child.attrGet('href') : child.type === 'image' ? child.attrGet('src') : null;
      if (target !== null) links.push({ target, line });
    }
  }
  return links;
}

/** The anchors GitHub gives a markdown text: each heading's slug (repeats get -1, -2...) and any `<a id|name>`. */
export function anchorsOf(text: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  const tokens = markdown.parse(text, {});
  tokens.forEach((token, index) => {
    if (token.type === 'heading_open') anchors.add(slugger.slug(plainText(tokens[index + 1]?.children ?? [])));
    if (token.type === 'html_block' || token.type === 'inline') {
      const html =
        token.type === 'inline'
          ? (token.children ?? [])
              .filter((c) => c.type === 'html_inline')
              .map((c) => c.content)
              .join('')
          : token.content;
      for (const match of html.matchAll(/<a\s[^>]*\b(?:id|name)="([^"]+)"/g)) anchors.add(match[1]!);
    }
  });
  return anchors;
}

/** A heading's text as GitHub renders it (code spans keep their content, markup goes). */
function plainText(children: Token[]): string {
  return children
    .filter((c) => c.type === 'text' || c.type === 'code_inline')
    .map((c) => c.content)
    .join('');
}

/** A link that does not resolve, and why. */
export interface BrokenLink extends DocLink {
  file: string;
  reason: string;
}

/**
 * The links of `docs` (paths relative to `root`) that name a file not in `files` or an anchor its target lacks.
 * `repository` is the GitHub URL of this repository (`https://github.com/owner/name`): links into its main branch are
 * checked as relative ones, other absolute links are not checked.
 */
export function brokenLinks(
  root: string,
  docs: readonly string[],
  files: ReadonlySet<string>,
  repository?: string,
): BrokenLink[] {
  const directories = new Set(
    [...files].flatMap((file) =>
      file
        .split('/')
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
    ),
  );
  const anchorCache = new Map<string, Set<string>>();
  const anchors = (file: string) => {
    if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(readFileSync(join(root, file), 'utf8')));
    return anchorCache.get(file)!;
  };
  const broken: BrokenLink[] = [];
  for (const doc of docs) {
    for (const link of linksOf(readFileSync(join(root, doc), 'utf8'))) {
      const resolved = resolveTarget(doc, link.target, repository);
      if (resolved === undefined) continue;
      const fail = (reason: string) => broken.push({ file: doc, ...link, reason });
      const { path, anchor } = resolved;
      if (path === undefined) fail('it leaves the repository');
      else if (!files.has(path) && !directories.has(path.replace(/\/$/, ''))) fail(`there is no file ${path}`);
      else if (anchor !== undefined && path.endsWith('.md') && !anchors(path).has(anchor))
        fail(`${path} has no heading with the anchor #${anchor}`);
    }
  }
  return broken;
}

/** The repository path and anchor a link names; `undefined` for a link outside this repository. */
function resolveTarget(
  doc: string,
  target: string,
  repository?: string,
): { path?: string; anchor?: string } | undefined {
  let pathPart: string;
  let fromRoot = false;
  const intoRepository = repository && /^https:\/\/github\.com\/[^/]+\/[^/]+\/(?:blob|tree)\/main\//.exec(target);
  if (intoRepository && target.startsWith(`${repository}/`)) {
    pathPart = target.slice(intoRepository[0].length);
    fromRoot = true;
  } else if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(target)) {
    return undefined;
  } else {
    pathPart = target;
  }
  const hash = pathPart.indexOf('#');
  const file = decodeURIComponent(hash < 0 ? pathPart : pathPart.slice(0, hash));
  const anchor = hash < 0 ? undefined : decodeURIComponent(pathPart.slice(hash + 1));
  if (file === '') return { path: doc, ...(anchor !== undefined ? { anchor } : {}) };
  const joined = normalize(fromRoot ? file : join(dirname(doc), file))
    .split('\\')
    .join('/');
  const path = joined.startsWith('../') || posix.isAbsolute(joined) ? undefined : joined;
  return { ...(path !== undefined ? { path } : {}), ...(anchor !== undefined ? { anchor } : {}) };
}
