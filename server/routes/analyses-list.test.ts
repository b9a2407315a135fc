/** The analyses list against known data: search (name, metadata), dates, statuses, sorts, pages, count. */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYSES_COUNT_LIMIT, ANALYSIS_STATUSES, type AnalysesPage } from '../../src/contract/analyses';
import { createAnalysisRecord } from '../analyses/create';
import { analyses } from '../db/schema';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';

let server: TestServer;
let authorization: string;

/** 30 analyses, one a day from 1 March 2026: statuses in turn, two customers, two kinds of name. */
const COUNT = 30;
const day = (index: number) => new Date(Date.UTC(2026, 2, 1 + index, 12));
const nameOf = (index: number) => (index % 3 === 0 ? `Claim ${String(index).padStart(2, '0')}` : `Invoice ${String(index).padStart(2, '0')}`);
const statusOf = (index: number) => ANALYSIS_STATUSES[index % ANALYSIS_STATUSES.length]!;
const customerOf = (index: number) => (index % 2 === 0 ? 'ACME' : 'Globex');

beforeAll(async () => {
  server = await createTestServer();
  authorization = `Bearer ${await signIn(server.app, 'qualifier')}`;
  for (let index = 0; index < COUNT; index += 1) {
    const row = await createAnalysisRecord(server.handle.db, {
      environmentId: 'demo-ic-prod',
      name: nameOf(index),
      metadata: { customer: customerOf(index), reference: `REF-${1000 + index}` },
      main: { name: 'mail.eml', content: Buffer.from(`mail ${index}`) },
    });
    await server.handle.db.update(analyses).set({ createdAt: day(index), status: statusOf(index) }).where(eq(analyses.id, row.id));
  }
  // One in another environment, which no list of demo-ic-prod may show.
  await createAnalysisRecord(server.handle.db, {
    environmentId: 'demo-nlu-prod',
    name: 'Invoice elsewhere',
    main: { name: 'mail.eml', content: Buffer.from('elsewhere') },
  });
}, 60_000);
afterAll(() => server.close());

async function list(query: string, envId = 'demo-ic-prod'): Promise<AnalysesPage> {
  const response = await server.app.inject({
    method: 'GET',
    url: `/v4/console/api/environment/${envId}/analyses${query === '' ? '' : `?${query}`}`,
    headers: { authorization },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AnalysesPage>();
}

const names = (page: AnalysesPage) => page.items.map((item) => item.name);
const expectedNames = (indexes: number[]) => indexes.map(nameOf);
const all = Array.from({ length: COUNT }, (_, index) => index);

describe('the analyses list', () => {
  it('shows the newest first, 25 a page, with the exact total', async () => {
    const first = await list('');
    expect(first).toMatchObject({ total: COUNT, totalIsEstimate: false, page: 1, pageSize: 25 });
    expect(names(first)).toEqual(expectedNames([...all].reverse().slice(0, 25)));
    const second = await list('page=2');
    expect(names(second)).toEqual(expectedNames([4, 3, 2, 1, 0]));
    expect((await list('page=3')).items).toEqual([]);
    expect(names(await list('pageSize=10&page=2'))).toEqual(expectedNames([19, 18, 17, 16, 15, 14, 13, 12, 11, 10]));
  });

  it('sorts by date, name or status, either way', async () => {
    expect(names(await list('order=asc&pageSize=10'))).toEqual(expectedNames(all.slice(0, 10)));
    const byName = [...all].sort((a, b) => nameOf(a).localeCompare(nameOf(b)));
    expect(names(await list('sort=name&order=asc&pageSize=50'))).toEqual(expectedNames(byName));
    expect(names(await list('sort=name&order=desc&pageSize=50'))).toEqual(expectedNames([...byName].reverse()));
    // Statuses in their §4 order, then by date in the same direction (one index serves it).
    const byStatus = (await list('sort=status&order=asc&pageSize=50')).items;
    const rank = (status: string) => ANALYSIS_STATUSES.indexOf(status as (typeof ANALYSIS_STATUSES)[number]);
    expect(byStatus.map((item) => rank(item.status))).toEqual([...byStatus.map((item) => rank(item.status))].sort());
    expect(byStatus.slice(0, 6).map((item) => item.status)).toEqual(Array(6).fill('waiting'));
    expect(byStatus.slice(0, 6).map((item) => item.createdAt)).toEqual([0, 5, 10, 15, 20, 25].map((i) => day(i).toISOString()));
    const lastFirst = (await list('sort=status&order=desc&pageSize=10')).items;
    expect(lastFirst.slice(0, 6).map((item) => [item.status, item.createdAt])).toEqual(
      [29, 24, 19, 14, 9, 4].map((i) => ['aborted', day(i).toISOString()]),
    );
  });

  it('searches names case-insensitively, anywhere in the name', async () => {
    const claims = await list('search=cLAIM&pageSize=50');
    expect(claims.total).toBe(10);
    expect(names(claims)).toEqual(expectedNames(all.filter((i) => i % 3 === 0).reverse()));
    expect(names(await list('search=ice%2013'))).toEqual(['Invoice 13']);
    expect(names(await list('search=voice%201'))).toEqual(expectedNames([19, 17, 16, 14, 13, 11, 10]));
    // Wildcards are taken literally.
    expect((await list('search=%25')).total).toBe(0);
    expect((await list('search=_')).total).toBe(0);
  });

  it('searches metadata values only when asked', async () => {
    expect((await list('search=globex')).total).toBe(0);
    const globex = await list('search=globex&inMetadata=true&pageSize=50');
    expect(globex.total).toBe(15);
    expect(globex.items.every((item) => item.metadata.customer === 'Globex')).toBe(true);
    expect(names(await list('search=ref-1007&inMetadata=true'))).toEqual([nameOf(7)]);
    // Keys are not values.
    expect((await list('search=reference&inMetadata=true')).total).toBe(0);
    // The name still counts with metadata on.
    expect((await list('search=claim&inMetadata=true')).total).toBe(10);
  });

  it('filters by creation dates, bounds included', async () => {
    const range = await list(`from=${day(5).toISOString()}&to=${day(9).toISOString()}`);
    expect(names(range)).toEqual(expectedNames([9, 8, 7, 6, 5]));
    expect((await list(`from=${day(28).toISOString()}`)).total).toBe(2);
    expect((await list(`to=${encodeURIComponent('2026-03-01T12:00:00+00:00')}`)).total).toBe(1);
  });

  it('filters by one or several statuses, combined with the rest', async () => {
    const errors = await list('status=error&pageSize=50');
    expect(errors.total).toBe(6);
    expect(errors.items.every((item) => item.status === 'error')).toBe(true);
    expect((await list('status=error,aborted')).total).toBe(12);
    const combined = await list(`status=processed&search=invoice&from=${day(10).toISOString()}`);
    expect(names(combined)).toEqual(expectedNames([22, 17]));
  });

  it('refuses what the contract does not allow', async () => {
    for (const query of ['pageSize=7', 'status=done', 'sort=size', 'from=yesterday', 'page=0']) {
      const response = await server.app.inject({
        method: 'GET',
        url: `/v4/console/api/environment/demo-ic-prod/analyses?${query}`,
        headers: { authorization },
      });
      expect([query, response.statusCode]).toEqual([query, 400]);
    }
  });

  it('stops counting at the limit and says so', async () => {
    // Many analyses in one environment, inserted the fast way (files are not needed for the list).
    await server.handle.db.execute(sql`
      insert into analyses (id, environment_id, name, input_type)
      select 'bulk-' || g, 'demo-nlu-prod', 'Bulk ' || g, 'email'
      from generate_series(1, ${ANALYSES_COUNT_LIMIT + 5}) g`);
    const page = await list('pageSize=100&page=3', 'demo-nlu-prod');
    expect(page).toMatchObject({ total: ANALYSES_COUNT_LIMIT, totalIsEstimate: true, page: 3 });
    expect(page.items).toHaveLength(100);
    // A narrower search is counted exactly again.
    expect(await list(`search=bulk%20${ANALYSES_COUNT_LIMIT + 4}`, 'demo-nlu-prod')).toMatchObject({ total: 1, totalIsEstimate: false });
    // Pages past the counted limit still answer, and the last one knows the exact total (the bulk
    // analyses and the one created first).
    const lastPage = Math.ceil((ANALYSES_COUNT_LIMIT + 6) / 100);
    const last = await list(`pageSize=100&page=${lastPage}`, 'demo-nlu-prod');
    expect(last.items).toHaveLength(6);
    expect(last).toMatchObject({ total: ANALYSES_COUNT_LIMIT + 6, totalIsEstimate: false });
    // Past the end: no rows, and the count says how far the list goes.
    expect(await list(`pageSize=100&page=${lastPage + 5}`, 'demo-nlu-prod')).toMatchObject({
      items: [],
      total: ANALYSES_COUNT_LIMIT,
      totalIsEstimate: true,
    });
  });
});
