// The requirements live in the repository: every `SPEC §N` and `ARCHITECTURE §N` the code
// and the docs cite must have its section in docs/requirements.md or docs/architecture-sections.md, and
// every ADR must be in the index docs/decisions/README.md with a status. A failure names file and line.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const REQUIREMENTS = 'docs/requirements.md';
const ARCHITECTURE_MAP = 'docs/architecture-sections.md';
const DECISIONS = 'docs/decisions';
const THIS_TEST = 'server/test/docs-references.test.ts';

const SCANNED = /\.(ts|tsx|mts|mjs|js|md|json)$/;
// Dependencies, build output, generated native projects and test output are not ours to cite from.
const SKIPPED_DIRS = new Set([
  'node_modules',
  '.git',
  'dist',
  'build',
  'coverage',
  'android',
  'ios',
  'screenshots',
  'test-results',
  'playwright-report',
  '.data',
]);

function sourceFiles(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') && entry.name !== '.ci') return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(path);
    return SCANNED.test(entry.name) ? [relative(ROOT, path)] : [];
  });
}

type Document = 'SPEC' | 'ARCHITECTURE';

interface Citation {
  document: Document;
  section: number;
  /** A quoted phrase right after the section (`SPEC §4 "Link entry"`), which the section must mention. */
  phrase?: string;
  where: string;
}

// `SPEC §4`, `spec §5`, `ARCHITECTURE §9`, and the bare `§7` of a list (`SPEC §2, §4`), which belongs to
// the document named last on its line (SPEC when none is).
const CITATION = /(?:\b(SPEC|ARCHITECTURE)\s+)?§(\d+)(?:\s+["“]([^"”]+)["”])?/gi;

function citationsIn(text: string, file: string): Citation[] {
  return text.split('\n').flatMap((line, index) => {
    let document: Document = 'SPEC';
    return [...line.matchAll(CITATION)].map((match) => {
      if (match[1]) document = match[1].toUpperCase() as Document;
      return {
        document,
        section: Number(match[2]),
        ...(match[3] ? { phrase: match[3] } : {}),
        where: `${file}:${index + 1}`,
      };
    });
  });
}

/** The text of each section of a map, by number, from its `<a id="<prefix>-N"></a>` anchors. */
function sectionsOf(markdown: string, prefix: string): Map<number, string> {
  const anchor = new RegExp(`<a id="${prefix}-(\\d+)"></a>`, 'g');
  const starts = [...markdown.matchAll(anchor)].map((m) => ({ section: Number(m[1]), at: m.index }));
  return new Map(
    starts.map(({ section, at }, i) => [section, markdown.slice(at, starts[i + 1]?.at ?? markdown.length)]),
  );
}

function unresolved(citations: Citation[], maps: Record<Document, Map<number, string>>): string[] {
  return citations.flatMap(({ document, section, phrase, where }) => {
    const text = maps[document].get(section);
    if (text === undefined) return [`${where}: ${document} §${section} has no section in the docs`];
    if (phrase && !text.toLowerCase().includes(phrase.toLowerCase()))
      return [`${where}: ${document} §${section} does not mention "${phrase}"`];
    return [];
  });
}

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

describe('the requirements and architecture sections the code cites', () => {
  const maps = {
    SPEC: sectionsOf(read(REQUIREMENTS), 'spec'),
    ARCHITECTURE: sectionsOf(read(ARCHITECTURE_MAP), 'architecture'),
  };
  const citations = sourceFiles()
    .filter((file) => ![REQUIREMENTS, ARCHITECTURE_MAP, THIS_TEST].includes(file))
    .flatMap((file) => citationsIn(read(file), file));

  it('finds the citations (the scan reaches the code)', () => {
    expect(citations.filter((c) => c.document === 'SPEC').length).toBeGreaterThan(300);
    expect(citations.filter((c) => c.document === 'ARCHITECTURE').length).toBeGreaterThan(10);
  });

  it('resolves every cited section, and every quoted phrase inside its section', () => {
    expect(unresolved(citations, maps)).toEqual([]);
  });

  it('refuses a section the docs lack, naming file and line', () => {
    const bogus = citationsIn('const x = 1;\n// as SPEC §42 says, and ARCHITECTURE §3 "Nowhere"', 'x.ts');
    expect(unresolved(bogus, maps)).toEqual([
      'x.ts:2: SPEC §42 has no section in the docs',
      'x.ts:2: ARCHITECTURE §3 does not mention "Nowhere"',
    ]);
  });

  it('reads a bare § after a named document as that document', () => {
    const found = citationsIn('see ARCHITECTURE §9, §3; SPEC §2 and §7', 'y.md');
    expect(found.map((c) => `${c.document} §${c.section}`)).toEqual([
      'ARCHITECTURE §9',
      'ARCHITECTURE §3',
      'SPEC §2',
      'SPEC §7',
    ]);
  });
});

describe('the ADR index (docs/decisions/README.md)', () => {
  const index = read(`${DECISIONS}/README.md`);
  const adrs = readdirSync(join(ROOT, DECISIONS)).filter((name) => /^\d{3}-.+\.md$/.test(name));

  it.each(adrs)('lists %s with its status', (adr) => {
    const row = index.split('\n').find((line) => line.includes(`](${adr})`));
    expect(row, `${adr} is not linked from ${DECISIONS}/README.md`).toBeDefined();
    expect(row).toMatch(/\| (Accepted|Superseded by \d{3}|Amended by \d{3}(, \d{3})*)[^|]*\|/);
  });
});
