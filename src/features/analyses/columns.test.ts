/** Column toggles of the analyses list: kept per browser across a reload; name and status always shown. */
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../storage/db';
import { loadStore } from '../../storage/store';
import { storageKeys } from '../../storage/keys';
import { DEFAULT_COLUMNS, readColumns, setColumnShown } from './columns';

beforeEach(async () => {
  await db.entries.clear();
  await loadStore();
});

describe('analyses list columns', () => {
  it('start with the default set', () => {
    expect(readColumns()).toEqual([...DEFAULT_COLUMNS]);
  });

  it('remember a shown and a hidden column after a reload, in table order', async () => {
    await setColumnShown('metadata', true);
    await setColumnShown('inputType', false);
    await setColumnShown('id', true);
    await loadStore();
    expect(readColumns()).toEqual(['name', 'status', 'category', 'createdAt', 'finishedAt', 'fileCount', 'metadata', 'id']);
  });

  it('never hide the name or the status', async () => {
    await setColumnShown('name', false);
    await db.entries.put({ key: storageKeys.analysesColumns, value: ['createdAt', 'nonsense'], updatedAt: 1 });
    await loadStore();
    expect(readColumns()).toEqual(['name', 'status', 'createdAt']);
  });
});
