import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README and docs/ link to each other and into the code. Every relative link must reach a file
 * that exists, and every `#anchor` a heading of that file (GitHub's slug of it), so moving or
 * renaming a section fails here instead of leaving a dead link. External links (http, https,
 * mailto) are not followed.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return markdownFiles(full);
    return name.endsWith('.md') ? [full] : [];
  });
}

const FILES = [path.join(ROOT, 'README.md'), ...markdownFiles(path.join(ROOT, 'docs'))];

/** The text's lines, those inside fenced code blocks blank: no heading or link is read there. */
function outsideFences(text: string): string[] {
  let fence: string | null = null;
  return text.split('\n').map((line) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      return '';
    }
    if (marker) {
      fence = marker;
      return '';
    }
    return line;
  });
}

/** A heading's text as GitHub renders it: inline code kept, links and emphasis reduced to text. */
function headingText(raw: string): string {
  return raw
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/\*{1,3}([^*]+)\*{1,3}/g, '$1')
    .replace(/(^|[^\p{L}\p{N}])_{1,3}([^_]+)_{1,3}(?![\p{L}\p{N}])/gu, '$1$2')
    .trim();
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, each space a hyphen. */
function githubSlug(heading: string): string {
  return headingText(heading)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

const anchorCache = new Map<string, Set<string>>();

/** The anchors of a Markdown file's headings, a repeated one numbered as GitHub does (-1, -2). */
function anchorsOf(file: string): Set<string> {
  const cached = anchorCache.get(file);
  if (cached) return cached;
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of outsideFences(readFileSync(file, 'utf8'))) {
    const heading = /^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = githubSlug(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  anchorCache.set(file, anchors);
  return anchors;
}

interface Link {
  line: number;
  target: string;
}

/** Inline links and images `[text](target "title")`, and reference definitions `[id]: target`. */
function linksOf(file: string): Link[] {
  const links: Link[] = [];
  outsideFences(readFileSync(file, 'utf8')).forEach((text, index) => {
    // Inline code is not a link: blanked, so that columns stay where they were.
    const line = text.replace(/(`+)[\s\S]*?\1/g, (span) => ' '.repeat(span.length));
    for (const match of line.matchAll(/\]\(\s*(<[^>]*>|[^\s)]*)(?:\s+["'(][^)]*)?\)/g)) {
      links.push({ line: index + 1, target: match[1]!.replace(/^<|>$/g, '') });
    }
    const definition = /^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/.exec(line);
    if (definition) links.push({ line: index + 1, target: definition[1]!.replace(/^<|>$/g, '') });
  });
  return links;
}

const isExternal = (target: string) => /^(https?:|mailto:)/i.test(target);

/** What is wrong with a link, or null when it reaches its file and heading. */
function problemOf(file: string, target: string): string | null {
  if (target === '') return 'empty link';
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return `unchecked scheme in ${target}`;
  const hash = target.indexOf('#');
  const pathPart = decodeURI(hash === -1 ? target : target.slice(0, hash));
  const anchor = hash === -1 ? null : decodeURIComponent(target.slice(hash + 1));
  const resolved =
    pathPart === ''
      ? file
      : pathPart.startsWith('/')
        ? path.join(ROOT, pathPart)
        : path.resolve(path.dirname(file), pathPart);
  if (!resolved.startsWith(ROOT)) return `${pathPart} is outside the repository`;
  if (!existsSync(resolved)) return `${path.relative(ROOT, resolved)} does not exist`;
  if (anchor === null) return null;
  if (!resolved.endsWith('.md'))
    return `#${anchor} points into ${path.relative(ROOT, resolved)}, which is not Markdown`;
  if (!anchorsOf(resolved).has(anchor)) {
    return `${path.relative(ROOT, resolved)} has no heading #${anchor}`;
  }
  return null;
}

describe('links in the README and docs/', () => {
  it('finds the files and their links', () => {
    expect(FILES.length).toBeGreaterThan(10);
    expect(FILES.flatMap(linksOf).length).toBeGreaterThan(100);
  });

  it.each(FILES.map((file) => [path.relative(ROOT, file), file]))(
    '%s: every relative link reaches its file and heading',
    (_name, file) => {
      const broken = linksOf(file)
        .filter(({ target }) => !isExternal(target))
        .flatMap(({ line, target }) => {
          const problem = problemOf(file, target);
          return problem ? [`${path.relative(ROOT, file)}:${line}: (${target}) ${problem}`] : [];
        });
      expect(broken).toEqual([]);
    },
  );

  it('slugs headings as GitHub does', () => {
    expect(githubSlug('Under load: many clients at once')).toBe('under-load-many-clients-at-once');
    expect(githubSlug('`npm run bench:crash`')).toBe('npm-run-benchcrash');
    expect(githubSlug('Bio / notes')).toBe('bio--notes');
    expect(githubSlug("End to end: a program's day message")).toBe(
      'end-to-end-a-programs-day-message',
    );
    expect(githubSlug('Quiet hours [where](x.md) it_goes')).toBe('quiet-hours-where-it_goes');
  });
});
