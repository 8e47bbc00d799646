import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as brand from '../seed/data/brand.ts';
import * as catalog from '../seed/data/catalog.ts';
import * as pages from '../seed/data/pages.ts';
import * as people from '../seed/data/people.ts';
import * as posts from '../seed/data/posts.ts';
import * as reviews from '../seed/data/reviews.ts';

/**
 * Issue 18: the shop is a Durham, NC brand and writes US English (decision 48). British spellings
 * that crept in before, as word starts ("flavour" also finds "flavours").
 */
const BRITISH =
  /\b(?:favourit|flavour|colour|honour|behaviour|neighbour|savour|harbour|labour|humour|catalogue|cancelled|cancelling|organis|recognis|realis|apologis|personalis|customis|authoris|summaris|prioritis|minimis|maximis|optimis|utilis|speciali[sz]|centre|fibre|litre|theatre|cheque|programme|travell|jewellery|grey|whilst|amongst|towards|enrol|fulfil\b|fulfilment|postcode|aluminium|judgement|practise|cosy|mould)\w*/i;

const britishIn = (text: string) => BRITISH.exec(text)?.[0];

/** Every string in the seed's exported data with where it is; slugs are addresses, not words. */
function seedStrings(value: unknown, path: string, found: [string, string][] = []) {
  if (typeof value === 'string') found.push([path, value]);
  else if (Array.isArray(value))
    value.forEach((item, i) => seedStrings(item, `${path}[${i}]`, found));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key !== 'slug') seedStrings(item, `${path}.${key}`, found);
    }
  }
  return found;
}

const storefrontApp = join(import.meta.dirname, '../../storefront/app');
const emails = join(import.meta.dirname, '../src/modules/mail');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The words a person reads in a source file: JSX text, and string literals that read as text
 * (with a space, or capitalised). Comments, identifiers and one-word lowercase values such as the
 * WooCommerce status `cancelled`, routes (`/admin/catalogue`) and ids are not text.
 */
function visibleStrings(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isJsxText(node)) found.push(node.text);
    else if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateLiteralToken(node)
    ) {
      if (/\s|^[A-Z]/.test(node.text)) found.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the shop writes US English (issue 18)', () => {
  it('recognises the British spellings it guards against, and leaves US ones alone', () => {
    expect(britishIn('Do not see your favourite shop?')).toBe('favourite');
    expect(britishIn('Three flavours in a keepsake tin')).toBe('flavours');
    expect(britishIn('Order 1042 was cancelled.')).toBe('cancelled');
    expect(
      britishIn("Don't see your favorite shop? Three flavors, canceled, catalog."),
    ).toBeUndefined();
  });

  it('the demo content (products, pages, posts, people, reviews) has no British spellings', () => {
    const data = { brand, catalog, pages, people, posts, reviews };
    const british = seedStrings(data, 'seed')
      .filter(([, text]) => britishIn(text))
      .map(([path, text]) => `${path}: ${britishIn(text)}`);
    expect(british).toEqual([]);
  });

  it("the storefront's and the emails' visible strings have no British spellings", () => {
    const files = [...sourceFiles(storefrontApp), ...sourceFiles(emails)];
    expect(files.length).toBeGreaterThan(100);
    const british = files.flatMap((file) =>
      visibleStrings(file)
        .filter((text) => britishIn(text))
        .map(
          (text) => `${relative(join(storefrontApp, '../..'), file)}: ${text.trim().slice(0, 80)}`,
        ),
    );
    expect(british).toEqual([]);
  });
});
